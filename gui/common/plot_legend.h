// The plots' legends live in a row of their own above the plot (QCustomPlot's default, inside the
// axis rect, covers data: the newest samples of the throughput plot, the oldest of the memory
// plot), with their entries side by side, as many per row as the width holds.
#pragma once

class QCPAxisRect;
class QCPLegend;
class QCustomPlot;

namespace tessera::gui {

// Moves `plot`'s legend out of `rect` into a new row of the plot layout right above `rect`.
void placeLegendAbove(QCustomPlot* plot, QCPAxisRect* rect);

// Entries per row for a legend `width` pixels wide; true when that changed (replot then).
bool wrapLegend(QCPLegend* legend, int width);

}  // namespace tessera::gui
