package com.vramadvisor.app.results;

import com.vramadvisor.app.ui.HoverTip;
import java.util.function.Function;
import java.util.function.Predicate;
import javafx.css.PseudoClass;
import javafx.geometry.Pos;
import javafx.scene.control.TableCell;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;

/**
 * The decision table's cells. Each keeps its nodes for its whole life and only changes their texts and states: the
 * rows are replaced on every slider step, and swapping a cell's graphic would re-style it every time.
 */
final class DecisionCells {

    /** Less headroom than this is drawn as a warning: a longer input or fragmentation may tip it over. */
    static final double TIGHT_FRACTION = 0.10;
    private static final PseudoClass TIGHT = PseudoClass.getPseudoClass("tight");
    /** A row that fits but finishes after the deadline: its verdict and its time are drawn as warnings. */
    static final PseudoClass LATE = PseudoClass.getPseudoClass("late");

    private DecisionCells() {
    }

    /**
     * A text cell whose tooltip, when given, explains the number, and which is drawn as a warning (pseudo-class
     * {@code late}) where {@code late} says so.
     */
    static final class TextCell extends TableCell<DecisionRow, DecisionRow> {
        private final Function<DecisionRow, String> text;
        private final Function<DecisionRow, String> tip;
        private final Predicate<DecisionRow> late;
        private final HoverTip tooltip;

        TextCell(Function<DecisionRow, String> text, Function<DecisionRow, String> tip) {
            this(text, tip, null);
        }

        TextCell(Function<DecisionRow, String> text, Function<DecisionRow, String> tip, Predicate<DecisionRow> late) {
            this.text = text;
            this.tip = tip;
            this.late = late;
            this.tooltip = tip == null ? null : Tooltips.explainingOnHover().attach(this);
        }

        @Override
        protected void updateItem(DecisionRow row, boolean empty) {
            super.updateItem(row, empty);
            boolean none = empty || row == null;
            setText(none ? null : text.apply(row));
            if (tooltip != null) {
                tooltip.setText(none ? "" : tip.apply(row));
            }
            if (late != null) {
                pseudoClassStateChanged(LATE, !none && late.test(row));
            }
        }
    }

    /**
     * A check, a warning sign (fits, but past the deadline) or a cross, with the reasons behind the verdict on hover.
     * The glyph differs, not only its colour, so the three verdicts read apart without colour too.
     */
    static final class FitCell extends TableCell<DecisionRow, DecisionRow> {
        private final ResultsMessages messages;
        private final HoverTip tooltip = Tooltips.explainingOnHover().attach(this);

        FitCell(ResultsMessages messages) {
            this.messages = messages;
            // The glyph is the cell's own text, not a label in it: a label is two more nodes per row to style.
            getStyleClass().add("fit-cell");
            setAlignment(Pos.CENTER);
        }

        @Override
        protected void updateItem(DecisionRow row, boolean empty) {
            super.updateItem(row, empty);
            boolean none = empty || row == null;
            setText(none ? null : messages.get(!row.fits() ? "results.table.fit.icon.no"
                    : row.pastDeadline() ? "results.table.fit.icon.late" : "results.table.fit.icon.yes"));
            pseudoClassStateChanged(StackedMemoryBar.OVER, !none && !row.fits());
            pseudoClassStateChanged(LATE, !none && row.pastDeadline());
            tooltip.setText(none ? "" : row.fitText());
        }
    }

    /**
     * How much room each GPU has left, as a bar that grows with the headroom (a full bar is an empty card), with the
     * spare or missing memory as text; a row that does not fit shows what is missing as a red bar.
     */
    static final class HeadroomCell extends TableCell<DecisionRow, DecisionRow> {
        private static final double BAR_WIDTH = 56;
        private static final double BAR_HEIGHT = 10;
        private final Region fill = new Region();
        private final StackPane bar;

        HeadroomCell() {
            Region track = new Region();
            track.getStyleClass().add("headroom-track");
            fill.getStyleClass().add("headroom-fill");
            bar = new StackPane(track, fill);
            bar.setAlignment(Pos.CENTER_LEFT);
            bar.setMinWidth(BAR_WIDTH);
            bar.setPrefWidth(BAR_WIDTH);
            bar.setMaxWidth(BAR_WIDTH);
            bar.setMinHeight(BAR_HEIGHT);
            bar.setPrefHeight(BAR_HEIGHT);
            bar.setMaxHeight(BAR_HEIGHT);
            fill.setMaxWidth(Region.USE_PREF_SIZE);
            // The bar is the cell's graphic and the figure its own text, not a box with a label in it: fewer nodes
            // per row to style. Set once and hidden when empty: changing a cell's graphic re-styles it.
            setGraphic(bar);
            setGraphicTextGap(8);
            setAlignment(Pos.CENTER_LEFT);
        }

        @Override
        protected void updateItem(DecisionRow row, boolean empty) {
            super.updateItem(row, empty);
            boolean none = empty || row == null;
            bar.setVisible(!none);
            setText(none ? null : row.headroomText());
            if (none) {
                return;
            }
            fill.setPrefWidth(Math.max(2, BAR_WIDTH * barFraction(row)));
            fill.pseudoClassStateChanged(StackedMemoryBar.OVER, !row.fits());
            fill.pseudoClassStateChanged(TIGHT, row.fits() && row.headroomFraction() < TIGHT_FRACTION);
        }

        /**
         * The bar's length as a fraction of the track: the spare share of the capacity for a row that fits, so more
         * headroom is a longer bar; the missing share, at most the whole track, for one that does not.
         */
        static double barFraction(DecisionRow row) {
            if (row.capacityBytes() <= 0) {
                return row.fits() ? 0 : 1;
            }
            double spare = (row.capacityBytes() - (double) row.perGpuBytes()) / row.capacityBytes();
            return Math.min(1, Math.max(0, row.fits() ? spare : -spare));
        }
    }
}
