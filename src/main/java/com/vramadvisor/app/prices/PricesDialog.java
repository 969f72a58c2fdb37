package com.vramadvisor.app.prices;

import com.vramadvisor.app.ui.Messages;
import com.vramadvisor.catalog.UserPrice;
import java.util.function.Function;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.event.ActionEvent;
import javafx.geometry.Insets;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.geometry.Rectangle2D;
import javafx.stage.Screen;
import javafx.stage.Window;

/**
 * The dialog of "My prices...": a filterable table of every GPU, system and cloud offer with the catalog's price and
 * the user's, and fields under it that set or clear the selected row's price. Save writes the price list; a list that
 * cannot be written keeps the dialog open with the reason.
 */
public final class PricesDialog {

    private final Dialog<ButtonType> dialog = new Dialog<>();
    private final ButtonType save;

    public PricesDialog(Window owner, PricesViewModel vm, Messages messages) {
        dialog.initOwner(owner);
        dialog.setTitle(messages.get("prices.title"));
        dialog.setHeaderText(messages.get("prices.header", vm.file().toString()));
        dialog.setResizable(true);
        dialog.getDialogPane().setId("pricesDialog");

        TextField filter = new TextField();
        filter.setId("priceFilterField");
        filter.setPromptText(messages.get("prices.filter"));
        filter.textProperty().bindBidirectional(vm.filterProperty());

        TableView<PriceRow> table = new TableView<>(vm.rows());
        table.setId("priceTable");
        table.getColumns().add(column(messages.get("prices.column.id"), PriceRow::id, 230));
        table.getColumns().add(column(messages.get("prices.column.name"), PriceRow::name, 260));
        table.getColumns().add(column(messages.get("prices.column.catalogPrice"), PriceRow::catalogPrice, 120));
        table.getColumns().add(column(messages.get("prices.column.catalogDate"), PriceRow::catalogDate, 90));
        table.getColumns().add(column(messages.get("prices.column.yourPrice"), PriceRow::yourPrice, 100));
        table.getColumns().add(column(messages.get("prices.column.yourDate"), PriceRow::yourDate, 90));
        table.setPrefHeight(260);
        VBox.setVgrow(table, Priority.ALWAYS);

        TextField price = new TextField();
        price.setId("userPriceField");
        TextField date = new TextField();
        date.setId("userPriceDateField");
        date.setPromptText(messages.get("prices.date.prompt"));
        TextField note = new TextField();
        note.setId("userPriceNoteField");
        Label priceLabel = new Label(messages.get("prices.yourPrice.purchase"));
        Button set = new Button(messages.get("prices.set"));
        set.setId("setPriceButton");
        Button clear = new Button(messages.get("prices.clear"));
        clear.setId("clearPriceButton");
        set.disableProperty().bind(table.getSelectionModel().selectedItemProperty().isNull());
        clear.disableProperty().bind(set.disableProperty());
        // The fields show the selected row's price; Set writes them back to that row.
        table.getSelectionModel().selectedItemProperty().addListener((obs, old, now) -> {
            if (now != null) {
                price.setText(now.yourPrice());
                date.setText(now.yourDate());
                note.setText(now.note());
                priceLabel.setText(messages.get(now.field() == UserPrice.Field.USD_PER_HOUR
                        ? "prices.yourPrice.perHour" : "prices.yourPrice.purchase"));
            }
        });
        set.setOnAction(e -> {
            PriceRow row = table.getSelectionModel().getSelectedItem();
            if (row != null && vm.set(row.id(), price.getText(), date.getText(), note.getText())) {
                table.getSelectionModel().select(vm.row(row.id()));
            }
        });
        clear.setOnAction(e -> {
            PriceRow row = table.getSelectionModel().getSelectedItem();
            if (row != null) {
                vm.clear(row.id());
                table.getSelectionModel().select(vm.row(row.id()));
            }
        });
        GridPane edit = new GridPane();
        edit.setHgap(8);
        edit.setVgap(6);
        edit.addRow(0, priceLabel, price, new Label(messages.get("prices.date")), date);
        edit.addRow(1, new Label(messages.get("prices.note")), note);
        GridPane.setColumnSpan(note, 3);
        HBox buttons = new HBox(8, set, clear);

        Label problem = new Label();
        problem.setId("priceProblemLabel");
        problem.setWrapText(true);
        problem.getStyleClass().add("field-error");
        problem.textProperty().bind(vm.problemProperty());
        problem.visibleProperty().bind(Bindings.isNotEmpty(problem.textProperty()));
        problem.managedProperty().bind(problem.visibleProperty());

        VBox content = new VBox(8, filter, table, edit, buttons, problem);
        content.setPadding(new Insets(4, 0, 0, 0));
        dialog.getDialogPane().setContent(content);
        dialog.getDialogPane().setPrefWidth(900);
        // Wider than a small main window, the dialog centred over it would start left of the screen: keep it on the
        // screen the window is on.
        dialog.setOnShown(e -> keepOnScreen(dialog.getDialogPane().getScene().getWindow(), owner));
        save = new ButtonType(messages.get("prices.save"), ButtonBar.ButtonData.OK_DONE);
        dialog.getDialogPane().getButtonTypes().setAll(save, ButtonType.CANCEL);
        Button saveButton = (Button) dialog.getDialogPane().lookupButton(save);
        saveButton.setId("savePricesButton");
        // A list that cannot be written keeps the dialog open, with the reason under the table.
        saveButton.addEventFilter(ActionEvent.ACTION, e -> {
            if (!vm.save()) {
                e.consume();
            }
        });
    }

    private static TableColumn<PriceRow, String> column(String title, Function<PriceRow, String> value,
                                                        double width) {
        TableColumn<PriceRow, String> c = new TableColumn<>(title);
        c.setCellValueFactory(cell -> new ReadOnlyStringWrapper(value.apply(cell.getValue())));
        c.setPrefWidth(width);
        return c;
    }

    private static void keepOnScreen(Window window, Window owner) {
        Rectangle2D screen = Screen.getScreensForRectangle(owner.getX(), owner.getY(), owner.getWidth(),
                owner.getHeight()).stream().findFirst().orElse(Screen.getPrimary()).getVisualBounds();
        window.setX(Math.max(screen.getMinX(), Math.min(window.getX(), screen.getMaxX() - window.getWidth())));
        window.setY(Math.max(screen.getMinY(), Math.min(window.getY(), screen.getMaxY() - window.getHeight())));
    }

    /** Shows the dialog and waits; true when the price list was saved. */
    public boolean showAndWait() {
        return dialog.showAndWait().filter(b -> b == save).isPresent();
    }

    /** The dialog, for a caller that shows it without waiting. */
    public Dialog<ButtonType> dialog() {
        return dialog;
    }
}
