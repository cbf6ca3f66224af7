#include "plot_legend.h"

#include <algorithm>

#include <qcustomplot.h>

namespace tessera::gui {

void placeLegendAbove(QCustomPlot* plot, QCPAxisRect* rect) {
  QCPLegend* legend = plot->legend;
  if (auto* inset = qobject_cast<QCPLayoutInset*>(legend->layout())) {
    inset->take(legend);
    inset->simplify();
  }
  // A row of the plot layout itself (not a nested grid), so QCustomPlot::axisRect(0) stays the
  // first plot.
  QCPLayoutGrid* grid = plot->plotLayout();
  int row = 0, column = 0;
  for (int i = 0; i < grid->elementCount(); ++i)
    if (grid->elementAt(i) == rect) grid->indexToRowCol(i, row, column);
  grid->insertRow(row);
  grid->addElement(row, column, legend);
  grid->setRowStretchFactor(row, 0.001);  // only the height it needs
  legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
  legend->setMargins(QMargins(4, 2, 4, 0));
}

bool wrapLegend(QCPLegend* legend, int width) {
  int widest = 1;
  for (int i = 0; i < legend->itemCount(); ++i)
    if (QCPAbstractLegendItem* item = legend->item(i))  // a wrapped grid has empty cells
      widest = std::max(widest, item->minimumOuterSizeHint().width() + legend->columnSpacing());
  const int per_row = std::max(1, width / widest);
  if (legend->wrap() == per_row) return false;
  legend->setWrap(per_row);
  legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true);
  return true;
}

}  // namespace tessera::gui
