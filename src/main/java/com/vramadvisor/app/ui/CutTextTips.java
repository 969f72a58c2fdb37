package com.vramadvisor.app.ui;

import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Labeled;
import javafx.scene.control.Tooltip;
import javafx.scene.text.Text;

/**
 * A label, button, table cell or column header whose text the window cuts with an ellipsis gets a tooltip with its
 * full text, and loses it again once the text fits. Checked after each layout, over the visible part of the scene;
 * a node that has a tooltip of its own (an explanation) keeps that one.
 */
public final class CutTextTips {

    private static final String OWN = CutTextTips.class.getName();
    private static final String HOVER_TIP = HoverTip.class.getName();

    private CutTextTips() {
    }

    /** Keeps every cut text of {@code scene} readable on hover, for the scene's lifetime. */
    public static void install(Scene scene) {
        scene.addPostLayoutPulseListener(() -> {
            if (scene.getRoot() != null) {
                visit(scene.getRoot());
            }
        });
    }

    /** Gives the cut texts under {@code node} a tooltip and takes it from those that fit; returns how many are cut. */
    static int visit(Node node) {
        if (!node.isVisible()) {
            return 0;
        }
        int cut = node instanceof Labeled l && check(l) ? 1 : 0;
        if (node instanceof Parent p) {
            for (Node child : p.getChildrenUnmodifiable()) {
                cut += visit(child);
            }
        }
        return cut;
    }

    private static boolean check(Labeled labeled) {
        Tooltip current = labeled.getTooltip();
        boolean ours = current != null && current.getProperties().containsKey(OWN);
        if (current != null && !ours || labeled.getProperties().containsKey(HOVER_TIP)) {
            return false;
        }
        String full = shown(labeled);
        boolean cut = !full.isEmpty() && isCut(labeled, full);
        if (cut && !ours) {
            Tooltip tip = new Tooltip(full);
            tip.getProperties().put(OWN, Boolean.TRUE);
            tip.setWrapText(true);
            tip.setMaxWidth(HoverTip.MAX_WIDTH);
            labeled.setTooltip(tip);
        } else if (cut && !full.equals(current.getText())) {
            current.setText(full);
        } else if (!cut && ours) {
            labeled.setTooltip(null);
        }
        return cut;
    }

    /** The text as it reads on screen when nothing is cut: without the mnemonic's underscore. */
    private static String shown(Labeled labeled) {
        String text = labeled.getText();
        if (text == null) {
            return "";
        }
        if (labeled.isMnemonicParsing()) {
            int i = text.indexOf('_');
            if (i >= 0 && i + 1 < text.length()) {
                text = text.substring(0, i) + text.substring(i + 1);
            }
        }
        return text;
    }

    /** Whether the skin shows less than the full text (it shows the ellipsis in its place). */
    private static boolean isCut(Labeled labeled, String full) {
        for (Node child : labeled.getChildrenUnmodifiable()) {
            if (child instanceof Text t && t.getStyleClass().contains("text")) {
                return !full.equals(t.getText());
            }
        }
        return false;
    }
}
