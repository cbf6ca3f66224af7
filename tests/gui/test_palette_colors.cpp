// Issue 20: colours follow the palette. Under a dark Fusion palette the message bubbles, the error
// banner and the chat background are dark with light text, and the model panel's cautions, its
// preview badge and the GPU panel's error line stay readable; in both light and dark palettes every
// text (message, status, timings, banner) reaches the WCAG contrast of 4.5 : 1 against what is
// actually painted behind it (read back from a rendering). And the app icon is in the resources.
#include <QApplication>
#include <QFile>
#include <QIcon>
#include <QImage>
#include <QLabel>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStyle>
#include <QStyleFactory>
#include <QTextBlock>
#include <QTextDocument>

#include <gtest/gtest.h>

#include <memory>

#include "chat_model.h"
#include "chat_view.h"
#include "error_banner.h"
#include "markdown_view.h"
#include "message_widget.h"
#include "dark_palette.h"
#include "device_source.h"
#include "gpu_panel.h"
#include "gpu_test_fixtures.h"
#include "gpu_workspace.h"
#include "gui_test_support.h"
#include "main_window.h"
#include "model_panel.h"
#include "scripted_session.h"
#include "split_workspace_view.h"
#include "theme_colors.h"

namespace tessera::gui {
namespace {

struct Theme {
  const char* name;
  bool dark;
  QPalette palette() const { return dark ? test::darkFusionPalette() : QStyleFactory::create(QStringLiteral("Fusion"))->standardPalette(); }
};

class PaletteColors : public testing::TestWithParam<Theme> {};

QColor pixel(QWidget* w, QPoint at) { return w->grab().toImage().pixelColor(at); }

ChatEntry failedReply() {
  ChatEntry m = replyMessage(QStringLiteral("tiny"));
  m.message.content = "A reply with `code` in it.";
  m.status = ChatEntry::Status::Failed;
  m.error = QStringLiteral("out of memory");
  ReplyStats stats;
  stats.timings.prompt_tokens = 12;
  stats.timings.prompt_ms = 100.0;
  stats.timings.prompt_tokens_per_s = 120.0;
  stats.timings.generated_tokens = 40;
  stats.timings.generation_ms = 500.0;
  stats.timings.generation_tokens_per_s = 78.0;
  m.stats = stats;
  return m;
}

TEST_P(PaletteColors, BubblesAreReadable) {
  const Theme theme = GetParam();
  test::FusionPalette apply(theme.palette());
  for (bool user : {true, false}) {
    SCOPED_TRACE(user ? "user" : "reply");
    MessageWidget w;
    ChatEntry m = user ? userMessage(QStringLiteral("A question?")) : failedReply();
    w.setMessage(m, QString());
    w.resize(600, w.sizeHint().height());
    w.show();
    // In the right margin, halfway down: the bubble's own surface.
    const QColor background = pixel(&w, QPoint(w.width() - 5, w.height() / 2));
    EXPECT_EQ(background, w.backgroundColor());
    const QColor text = w.view()->palette().color(QPalette::Text);
    EXPECT_GE(ThemeColors::contrastRatio(text, background), ThemeColors::kMinContrast)
        << text.name().toStdString() << " on " << background.name().toStdString();
    if (!user) {
      EXPECT_GE(ThemeColors::contrastRatio(w.statusColor(), background), ThemeColors::kMinContrast);
      EXPECT_GE(ThemeColors::contrastRatio(w.timingsColor(), background), ThemeColors::kMinContrast);
    }
    EXPECT_EQ(ThemeColors::luminance(background) < 0.2, theme.dark) << background.name().toStdString();
  }
}

TEST_P(PaletteColors, TheErrorBannerIsReadable) {
  const Theme theme = GetParam();
  test::FusionPalette apply(theme.palette());
  for (auto severity : {ErrorBanner::Severity::Info, ErrorBanner::Severity::Warning, ErrorBanner::Severity::Error}) {
    SCOPED_TRACE(static_cast<int>(severity));
    ErrorBanner banner;
    banner.showMessage(severity, ErrorText{QStringLiteral("Could not load the model"), QStringLiteral("detail"),
                                           QStringLiteral("advice")});
    banner.resize(600, banner.sizeHint().height());
    const QColor background = pixel(&banner, QPoint(banner.width() / 2, 3));
    EXPECT_EQ(background, banner.backgroundColor());
    const QLabel* title = banner.findChildren<QLabel*>().at(1);
    ASSERT_EQ(title->text(), QStringLiteral("Could not load the model"));
    EXPECT_GE(ThemeColors::contrastRatio(title->palette().color(QPalette::WindowText), background), ThemeColors::kMinContrast);
    EXPECT_EQ(ThemeColors::luminance(background) < 0.2, theme.dark) << background.name().toStdString();
  }
}

TEST_P(PaletteColors, TheChatBackgroundFollowsThePalette) {
  const Theme theme = GetParam();
  test::FusionPalette apply(theme.palette());
  ChatModel model;
  ChatView view(&model);
  EXPECT_EQ(ThemeColors::luminance(view.backgroundColor()) < 0.2, theme.dark);
  // A code block's tint is readable behind the reply's text.
  MarkdownView code;
  code.setCodeBackground(ThemeColors::codeBackground(code.palette(), code.palette().color(QPalette::Base)));
  code.setMarkdownText(QStringLiteral("```\nint a<b;\n```"));
  const QColor tint = code.document()->begin().blockFormat().background().color();
  EXPECT_GE(ThemeColors::contrastRatio(code.palette().color(QPalette::Text), tint), ThemeColors::kMinContrast);
}

// The model panel's amber cautions (unsupported tensor types, a context past the trained one), its
// "Preview – not loaded" badge and the GPU panel's red error line, which used fixed colours.
TEST_P(PaletteColors, TheModelAndGpuPanelsAreReadable) {
  const Theme theme = GetParam();
  test::FusionPalette apply(theme.palette());
  test::FreshSettings settings;
  MainWindow window(std::make_unique<test::ScriptedSession>(std::make_shared<test::SessionScript>()),
                    std::make_unique<FakeDeviceSource>(test::twoGpus()));
  window.show();
  QSignalSpy preview(&window, &MainWindow::previewFinished);
  window.openModel(test::fixturePath(QStringLiteral("models/stories260K-f32.gguf")), false);
  ASSERT_TRUE(test::waitUntil([&] { return preview.count() == 1; }));
  ModelPanel* panel = window.modelPanel();
  panel->findChild<QSpinBox*>(QStringLiteral("contextLength"))->setValue(100000);  // past the trained 512
  ASSERT_FALSE(panel->contextWarningText().isEmpty());

  const QColor window_color = panel->palette().color(QPalette::Window);
  EXPECT_EQ(ThemeColors::luminance(window_color) < 0.2, theme.dark) << window_color.name().toStdString();
  for (const char* name : {"typeWarning", "contextWarning"}) {
    SCOPED_TRACE(name);
    auto* label = panel->findChild<QLabel*>(QLatin1String(name));
    ASSERT_NE(label, nullptr);
    const QColor text = label->palette().color(QPalette::WindowText);
    EXPECT_GE(ThemeColors::contrastRatio(text, window_color), ThemeColors::kMinContrast)
        << text.name().toStdString() << " on " << window_color.name().toStdString();
    EXPECT_NE(text, label->parentWidget()->palette().color(QPalette::WindowText)) << "a caution stands out";
  }
  // The contrast is also there in what the label paints: the darkest (light theme) or lightest
  // (dark theme) pixel of the shown warning is its text.
  QLabel* warning = panel->findChild<QLabel*>(QStringLiteral("contextWarning"));
  ASSERT_TRUE(warning->isVisible());
  const QImage painted = warning->grab().toImage();
  double extreme = theme.dark ? 0.0 : 1.0;
  QColor drawn;
  for (int y = 0; y < painted.height(); ++y)
    for (int x = 0; x < painted.width(); ++x) {
      const QColor c = painted.pixelColor(x, y);
      const double l = ThemeColors::luminance(c);
      if (theme.dark ? l > extreme : l < extreme) extreme = l, drawn = c;
    }
  EXPECT_GE(ThemeColors::contrastRatio(drawn, painted.pixelColor(0, 0)), ThemeColors::kMinContrast);

  QLabel* badge = panel->previewBadge();
  ASSERT_TRUE(badge->isVisible()) << "a preview, not loaded";
  const QColor badge_background = badge->grab().toImage().pixelColor(2, badge->height() / 2);
  EXPECT_EQ(badge_background, panel->palette().color(QPalette::Highlight));
  EXPECT_GE(ThemeColors::contrastRatio(badge->palette().color(QPalette::WindowText), badge_background),
            ThemeColors::kMinContrast);

  GpuPanel* gpus = window.gpuWorkspace()->workspaceView()->gpuPanel();
  auto* error = gpus->findChild<QLabel*>(QStringLiteral("gpuError"));
  ASSERT_NE(error, nullptr);
  EXPECT_GE(ThemeColors::contrastRatio(error->palette().color(QPalette::WindowText), gpus->palette().color(QPalette::Window)),
            ThemeColors::kMinContrast);
}

INSTANTIATE_TEST_SUITE_P(Themes, PaletteColors, testing::Values(Theme{"Light", false}, Theme{"Dark", true}),
                         [](const testing::TestParamInfo<Theme>& info) { return std::string(info.param.name); });

// A widget made under a light palette turns dark when the palette changes (a desktop switching
// its theme while the app runs).
TEST(PaletteColorsChange, AMessageFollowsAPaletteSwitch) {
  test::FusionPalette light(QStyleFactory::create(QStringLiteral("Fusion"))->standardPalette());
  MessageWidget w;
  w.setMessage(userMessage(QStringLiteral("Hello")), QString());
  EXPECT_GT(ThemeColors::luminance(w.backgroundColor()), 0.5);
  QApplication::setPalette(test::darkFusionPalette());
  QApplication::processEvents();
  EXPECT_LT(ThemeColors::luminance(w.backgroundColor()), 0.2);
  EXPECT_GE(ThemeColors::contrastRatio(w.view()->palette().color(QPalette::Text), w.backgroundColor()),
            ThemeColors::kMinContrast);
}

// The model panel made under a light palette follows a switch to a dark one.
TEST(PaletteColorsChange, TheModelPanelFollowsAPaletteSwitch) {
  test::FusionPalette light(QStyleFactory::create(QStringLiteral("Fusion"))->standardPalette());
  test::FreshSettings settings;
  MainWindow window(std::make_unique<test::ScriptedSession>(std::make_shared<test::SessionScript>()),
                    std::make_unique<FakeDeviceSource>(test::twoGpus()));
  auto* warning = window.modelPanel()->findChild<QLabel*>(QStringLiteral("contextWarning"));
  const QColor before = warning->palette().color(QPalette::WindowText);
  QApplication::setPalette(test::darkFusionPalette());
  QApplication::processEvents();
  const QColor after = warning->palette().color(QPalette::WindowText);
  EXPECT_NE(before, after);
  EXPECT_GE(ThemeColors::contrastRatio(after, window.modelPanel()->palette().color(QPalette::Window)),
            ThemeColors::kMinContrast);
  EXPECT_EQ(window.modelPanel()->previewBadge()->palette().color(QPalette::Window),
            test::darkFusionPalette().color(QPalette::Highlight));
}

TEST(ThemeColorsMath, ContrastAndReadable) {
  EXPECT_NEAR(ThemeColors::contrastRatio(Qt::black, Qt::white), 21.0, 1e-9);
  EXPECT_NEAR(ThemeColors::contrastRatio(QColor(0x77, 0x77, 0x77), Qt::white), 4.48, 0.01);
  const QColor fixed = ThemeColors::readable(QColor(0xc6, 0x28, 0x28), QColor(35, 35, 35));
  EXPECT_GE(ThemeColors::contrastRatio(fixed, QColor(35, 35, 35)), 4.5);
  EXPECT_EQ(ThemeColors::readable(Qt::black, Qt::white), QColor(Qt::black));  // already fine: unchanged
}

// Issue 20: ":/icons/tessera.svg is missing" at every start. The resources link with the GUI
// library's users (this suite links it as the app does).
TEST(AppIcon, TheIconIsInTheResources) {
  EXPECT_TRUE(QFile::exists(QStringLiteral(":/icons/tessera.svg")));
  QFile svg(QStringLiteral(":/icons/tessera.svg"));
  ASSERT_TRUE(svg.open(QIODevice::ReadOnly));
  EXPECT_TRUE(svg.readAll().contains("<svg"));
  const QIcon icon(QStringLiteral(":/icons/tessera.svg"));
  EXPECT_FALSE(icon.isNull());
  EXPECT_FALSE(icon.pixmap(64, 64).isNull());
}

}  // namespace
}  // namespace tessera::gui
