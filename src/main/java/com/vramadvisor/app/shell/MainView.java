package com.vramadvisor.app.shell;

import com.vramadvisor.app.ui.Messages;
import java.util.function.Supplier;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.value.ObservableStringValue;
import javafx.application.Platform;
import javafx.geometry.Bounds;
import javafx.geometry.Pos;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Label;
import javafx.scene.control.MenuBar;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.StackPane;
import javafx.scene.shape.Rectangle;

/**
 * The main window's layout: menu bar on top, the workload panel on the left, and a tab pane filling the rest whose
 * first tab, "Analysis", stacks the results (charts) over the decision table, or on a short screen puts them in a
 * column beside it.
 *
 * <p>Places where other features put their views:
 * <ul>
 *   <li>{@link #setResultsPane(Node)}: the memory breakdown and sweep charts, top of the Analysis tab;</li>
 *   <li>{@link #setDecisionPane(Node)}: the decision table, below the charts;</li>
 *   <li>{@link #addTab(String, ObservableStringValue, Node)}: further tabs after Analysis, e.g. the comparison of
 *       pinned scenarios.</li>
 * </ul>
 * {@link MainWindow#installFeatureViews} is the one place that builds those views and calls these methods.
 */
public final class MainView {

    private final BorderPane root = new BorderPane();
    private final TabPane tabs = new TabPane();
    private final StackPane resultsSlot = new StackPane();
    private final StackPane decisionSlot = new StackPane();
    private final ScrollPane workloadScroll;
    private final SplitPane analysis;

    /** Below this height (pixels) the charts' axes and texts overlap; they collapse instead. */
    static final double MIN_CHARTS_HEIGHT = 180;
    /**
     * Charts left above the table with less than this height (pixels) go beside it instead: the memory card needs
     * about 170 px down to its verdict and the sweep about as much again to be read, more than a laptop screen leaves
     * once the table has its rows (1366 x 768 leaves about 190, 1280 x 720 about 140).
     */
    static final double CHARTS_BESIDE_BELOW = 260;
    /** The narrowest Analysis tab that has room for the charts beside the table: a 300 px column and 560 px of table. */
    static final double MIN_WIDTH_BESIDE = 860;

    private final ReadOnlyBooleanWrapper chartsBeside = new ReadOnlyBooleanWrapper(this, "chartsBeside");

    public MainView(Messages messages, MenuBar menuBar, Node workloadPanel, Node statusBar) {
        root.getStyleClass().add("main-view");
        root.setTop(menuBar);

        workloadScroll = new ScrollPane(workloadPanel);
        workloadScroll.setId("workloadScrollPane");
        workloadScroll.setFitToWidth(true);
        workloadScroll.setHbarPolicy(ScrollPane.ScrollBarPolicy.NEVER);
        workloadScroll.getStyleClass().add("workload-scroll");
        workloadScroll.setMinWidth(360);
        workloadScroll.setPrefWidth(420);

        resultsSlot.getStyleClass().add("results-slot");
        decisionSlot.getStyleClass().add("decision-slot");
        // Until the views exist, the slots show the same outlines as the start-up frame.
        resultsSlot.getChildren().add(StartupSkeleton.results());
        decisionSlot.getChildren().add(StartupSkeleton.table());
        // Neither side imposes its content's minimum on the divider: the user can always move it, and the charts
        // shrink (clipped) or collapse rather than squeezing the table on a small screen.
        for (StackPane slot : new StackPane[] {resultsSlot, decisionSlot}) {
            slot.setMinHeight(0);
            slot.setAlignment(Pos.TOP_LEFT);
            Rectangle clip = new Rectangle();
            clip.widthProperty().bind(slot.widthProperty());
            clip.heightProperty().bind(slot.heightProperty());
            slot.setClip(clip);
        }
        analysis = new SplitPane(resultsSlot, decisionSlot);
        analysis.setId("analysisSplitPane");
        analysis.setOrientation(Orientation.VERTICAL);
        analysis.setDividerPositions(StartupSkeleton.CHARTS_FRACTION);
        analysis.heightProperty().addListener((obs, old, now) -> arrange());
        analysis.widthProperty().addListener((obs, old, now) -> arrange());

        Tab analysisTab = new Tab();
        analysisTab.setId("analysisTab");
        analysisTab.textProperty().bind(messages.text("main.tab.analysis"));
        analysisTab.setClosable(false);
        analysisTab.setContent(analysis);
        tabs.setId("mainTabPane");
        tabs.getTabs().add(analysisTab);
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);

        keepFocusVisible(workloadScroll);
        SplitPane body = new SplitPane(workloadScroll, tabs);
        body.setId("mainSplitPane");
        body.setDividerPositions(StartupSkeleton.PANEL_FRACTION);
        SplitPane.setResizableWithParent(workloadScroll, false);
        root.setCenter(body);
        root.setBottom(statusBar);
    }

    /**
     * Puts the charts above the decision table, or beside it (left of it) when above it they would get less than
     * {@link #CHARTS_BESIDE_BELOW} once the table has the height it asks for (its preferred height shows
     * {@code DecisionTableView.ROWS_SHOWN} rows). Beside the table the charts stack one over the other in a column
     * ({@link #chartsBesideProperty()}), and the table keeps its rows in the rest of the width. A tab too narrow for
     * that keeps the charts above and lets them shrink or fold ({@link #makeRoomForTable()}).
     */
    private void arrange() {
        double height = analysis.getHeight();
        double width = analysis.getWidth();
        if (height <= 0 || width <= 0 || analysis.getDividers().isEmpty()) {
            return;
        }
        // Decided from what the table needs across the whole width, so that the choice does not feed back on itself.
        boolean beside = height - decisionSlot.prefHeight(width) < CHARTS_BESIDE_BELOW && width >= MIN_WIDTH_BESIDE;
        if (beside != chartsBeside.get()) {
            chartsBeside.set(beside);
            analysis.setOrientation(beside ? Orientation.HORIZONTAL : Orientation.VERTICAL);
            analysis.setDividerPosition(0, beside ? besideFraction(width) : StartupSkeleton.CHARTS_FRACTION);
        }
        if (!beside) {
            makeRoomForTable();
        }
    }

    /**
     * The charts' column beside the table: about 360 px (the memory card's headline on one line), between 0.3 and
     * 0.42 of the tab.
     */
    static double besideFraction(double width) {
        return Math.max(0.3, Math.min(0.42, 360 / width));
    }

    /**
     * Moves the divider up when the window gets shorter, so that the decision table keeps the height it asks for.
     * When what is left for the charts is too small to read, they collapse; dragging the divider down brings them
     * back. The divider only moves up here, so a taller window keeps the user's split.
     */
    private void makeRoomForTable() {
        double height = analysis.getHeight();
        if (height <= 0 || analysis.getDividers().isEmpty()) {
            return;
        }
        double needed = decisionSlot.prefHeight(analysis.getWidth());
        double chartsHeight = height - needed;
        double position = chartsHeight < MIN_CHARTS_HEIGHT ? 0 : chartsHeight / height;
        if (analysis.getDividers().get(0).getPosition() > position) {
            analysis.setDividerPosition(0, position);
        }
    }

    /** True while the charts stand in a column beside the decision table rather than in a row above it. */
    public ReadOnlyBooleanProperty chartsBesideProperty() {
        return chartsBeside.getReadOnlyProperty();
    }

    /**
     * A scroll pane does not follow the keyboard focus by itself; without this, tabbing through the workload panel
     * would move the focus to inputs below the visible part.
     */
    private static void keepFocusVisible(ScrollPane scroll) {
        scroll.sceneProperty().addListener((obs, old, scene) -> {
            if (scene != null) {
                scene.focusOwnerProperty().addListener((o, was, focused) -> scrollTo(scroll, focused));
            }
        });
    }

    private static void scrollTo(ScrollPane scroll, Node focused) {
        Node content = scroll.getContent();
        if (focused == null || content == null || !isInside(focused, content)) {
            return;
        }
        Bounds node = content.sceneToLocal(focused.localToScene(focused.getBoundsInLocal()));
        double contentHeight = content.getBoundsInLocal().getHeight();
        double viewportHeight = scroll.getViewportBounds().getHeight();
        if (contentHeight <= viewportHeight) {
            return;
        }
        double top = scroll.getVvalue() * (contentHeight - viewportHeight);
        double target = top;
        if (node.getMinY() < top) {
            target = node.getMinY() - 8;
        } else if (node.getMaxY() > top + viewportHeight) {
            target = node.getMaxY() - viewportHeight + 8;
        }
        scroll.setVvalue(Math.max(0, Math.min(1, target / (contentHeight - viewportHeight))));
    }

    private static boolean isInside(Node node, Node ancestor) {
        for (Node n = node; n != null; n = n.getParent()) {
            if (n == ancestor) {
                return true;
            }
        }
        return false;
    }

    public Parent root() {
        return root;
    }

    /** Puts the workload panel on the left, replacing what was there. */
    public void setWorkloadPanel(Node panel) {
        workloadScroll.setContent(panel);
    }

    /** Puts the charts (breakdown and sweep) at the top of the Analysis tab, replacing what was there. */
    public void setResultsPane(Node charts) {
        resultsSlot.getChildren().setAll(charts);
    }

    /** Puts the decision table below the charts, replacing what was there. */
    public void setDecisionPane(Node table) {
        decisionSlot.getChildren().setAll(table);
        // The table asks for more room than the start-up outline did; it gets it once it has been laid out.
        Platform.runLater(this::arrange);
    }

    /**
     * Adds a tab after the existing ones.
     *
     * @param id      node id of the tab, camelCase ending in {@code Tab} ({@code compareTab})
     * @param title   its title, usually {@code messages.text("compare.tab")} so it follows language switches
     * @param content what the tab shows
     * @return the tab, e.g. to select it
     */
    public Tab addTab(String id, ObservableStringValue title, Node content) {
        Tab tab = new Tab();
        tab.setId(id);
        tab.textProperty().bind(title);
        tab.setClosable(false);
        tab.setContent(content);
        tabs.getTabs().add(tab);
        return tab;
    }

    /**
     * Adds a tab whose content is built the first time the tab is selected, so that a view nobody has opened yet
     * costs nothing at start-up.
     */
    public Tab addLazyTab(String id, ObservableStringValue title, Supplier<Node> content) {
        Tab tab = addTab(id, title, null);
        tab.selectedProperty().addListener((obs, was, selected) -> {
            if (selected && tab.getContent() == null) {
                tab.setContent(content.get());
            }
        });
        return tab;
    }

    public TabPane tabs() {
        return tabs;
    }
}
