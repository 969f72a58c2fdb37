package com.vramadvisor.app.prices;

import com.vramadvisor.app.ui.Messages;
import com.vramadvisor.catalog.AppliedUserPrice;
import com.vramadvisor.catalog.Catalog;
import com.vramadvisor.catalog.UserPrice;
import com.vramadvisor.catalog.UserPriceList;
import com.vramadvisor.engine.hardware.CloudOffer;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.hardware.SystemSpec;
import com.vramadvisor.files.FileWriteException;
import java.nio.file.Path;
import java.text.NumberFormat;
import java.text.ParsePosition;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.collections.transformation.FilteredList;

/**
 * "My prices...": every GPU, system and cloud offer of the catalog with its price and the user's own, from the
 * user's price list ({@code prices.json} in the user catalog folder). The user sets or clears prices row by row;
 * {@link #save()} writes the list atomically, only when every price is well formed, and keeps the entries of the
 * file that name nothing the table shows.
 */
public final class PricesViewModel {

    private static final Pattern DATE = Pattern.compile("\\d{4}-(0[1-9]|1[0-2])(-(0[1-9]|[12]\\d|3[01]))?");

    private final Messages messages;
    private final Path file;
    private final Supplier<LocalDate> today;
    private final Map<String, PriceRow> byId = new LinkedHashMap<>();
    private final ObservableList<PriceRow> rows = FXCollections.observableArrayList();
    private final FilteredList<PriceRow> shown = new FilteredList<>(rows);
    private final StringProperty filter = new SimpleStringProperty(this, "filter", "");
    private final ReadOnlyStringWrapper problem = new ReadOnlyStringWrapper(this, "problem", "");
    /** Entries of the file whose id names no row (a GPU the catalog no longer has): written back as they were. */
    private final List<UserPrice> kept = new ArrayList<>();
    /** The file's order of ids, so a save changes no more lines than the user did. */
    private final List<String> fileOrder = new ArrayList<>();

    /**
     * @param catalog the loaded catalog: its entries carry the user's prices in effect, and the catalog's own
     * @param file    the user's price list ({@code prices.json}); need not exist
     * @param today   the date a price the user sets without one gets
     */
    public PricesViewModel(Catalog catalog, Path file, Messages messages, Supplier<LocalDate> today) {
        this.messages = Objects.requireNonNull(messages, "messages");
        this.file = Objects.requireNonNull(file, "file");
        this.today = Objects.requireNonNull(today, "today");
        for (GpuSpec g : catalog.gpus()) {
            addRow(catalog, g.id(), g.name(), UserPrice.Field.PURCHASE_USD, g.priceUsd(), g.priceDate());
        }
        for (SystemSpec s : catalog.systems()) {
            addRow(catalog, s.id(), s.name(), UserPrice.Field.PURCHASE_USD, s.priceUsd(), s.priceDate());
        }
        for (CloudOffer o : catalog.cloudOffers()) {
            addRow(catalog, o.id(), o.displayName(), UserPrice.Field.USD_PER_HOUR, o.priceUsdPerHour(),
                    o.priceDate());
        }
        UserPriceList.Contents contents = UserPriceList.contents(file);
        for (UserPrice p : contents.prices()) {
            fileOrder.add(p.id());
            PriceRow row = byId.get(p.id());
            if (row == null) {
                kept.add(p);
            } else {
                byId.put(p.id(), row.with(plain(p.value()), p.date(), p.note()));
            }
        }
        // What the file itself gets wrong, and what the catalog found when it applied the list (an unknown id).
        Set<String> problems = new LinkedHashSet<>();
        contents.problems().forEach(p -> problems.add(p.toString()));
        catalog.problems().stream().filter(p -> p.file().equals(file.toString()))
                .forEach(p -> problems.add(p.toString()));
        if (!problems.isEmpty()) {
            problem.set(messages.get("prices.problem.read", String.join("\n", problems)));
        }
        rows.setAll(byId.values());
        filter.addListener((obs, old, now) -> {
            String wanted = now == null ? "" : now.strip().toLowerCase(Locale.ROOT);
            shown.setPredicate(wanted.isEmpty() ? null : r -> r.id().contains(wanted)
                    || r.name().toLowerCase(Locale.ROOT).contains(wanted));
        });
    }

    private void addRow(Catalog catalog, String id, String name, UserPrice.Field field, double price, String date) {
        AppliedUserPrice applied = catalog.userPrices().get(id);
        double own = applied == null ? price : applied.catalogPrice();
        String ownDate = applied == null ? date : applied.catalogDate();
        byId.put(id, new PriceRow(id, name, field, own > 0 ? money(own, field) : "", own > 0 ? ownDate : "", "", "",
                ""));
    }

    /** The rows the filter lets through, in catalog order (GPUs, systems, cloud offers). */
    public ObservableList<PriceRow> rows() {
        return shown;
    }

    /** Text that keeps the rows whose id or name contains it (case ignored); empty shows every row. */
    public StringProperty filterProperty() {
        return filter;
    }

    /** What went wrong reading the list or with the last edit or save, in words; empty when nothing did. */
    public ReadOnlyStringProperty problemProperty() {
        return problem.getReadOnlyProperty();
    }

    /** The file the list is read from and saved to. */
    public Path file() {
        return file;
    }

    /** The row of {@code id}, with any edit made to it. */
    public PriceRow row(String id) {
        return byId.get(id);
    }

    /**
     * Sets the user's price of row {@code id}: a number above 0 (grouping separators allowed) in US dollars, per hour
     * for a cloud offer; a date {@code yyyy-mm-dd} or {@code yyyy-mm}, today when left empty. False, with the reason
     * in {@link #problemProperty()}, when the price or the date is not well formed; the row keeps what it had.
     */
    public boolean set(String id, String price, String date, String note) {
        PriceRow row = byId.get(id);
        if (row == null) {
            return false;
        }
        double value = parse(price);
        if (!(value > 0)) {
            problem.set(messages.get("prices.problem.price", row.name(), price == null ? "" : price.strip()));
            return false;
        }
        String when = date == null || date.isBlank() ? today.get().toString() : date.strip();
        if (!DATE.matcher(when).matches()) {
            problem.set(messages.get("prices.problem.date", row.name(), when));
            return false;
        }
        replace(row.with(plain(value), when, note == null ? "" : note.strip()));
        problem.set("");
        return true;
    }

    /** Removes the user's price of row {@code id}: the catalog's applies again once saved. */
    public void clear(String id) {
        PriceRow row = byId.get(id);
        if (row != null) {
            replace(row.with("", "", ""));
        }
    }

    private void replace(PriceRow row) {
        PriceRow old = byId.put(row.id(), row);
        int index = rows.indexOf(old);
        if (index >= 0) {
            rows.set(index, row);
        }
    }

    /** The list {@link #save()} writes: the file's entries in their order, then new ones in table order. */
    List<UserPrice> prices() {
        List<UserPrice> out = new ArrayList<>();
        Map<String, UserPrice> set = new LinkedHashMap<>();
        for (PriceRow r : byId.values()) {
            if (r.hasYourPrice()) {
                set.put(r.id(), new UserPrice(r.id(), r.field(), parse(r.yourPrice()), r.yourDate(), r.note()));
            }
        }
        for (String id : fileOrder) {
            UserPrice p = set.remove(id);
            if (p != null) {
                out.add(p);
            }
            kept.stream().filter(k -> k.id().equals(id)).findFirst().ifPresent(out::add);
        }
        out.addAll(set.values());
        return out;
    }

    /**
     * Writes the price list. True when it was written; false, with the reason in {@link #problemProperty()}, when it
     * was not (nothing is written then, and a file already there is left as it was).
     */
    public boolean save() {
        try {
            UserPriceList.write(file, prices());
        } catch (IllegalArgumentException e) {
            problem.set(messages.get("prices.problem.save", e.getMessage()));
            return false;
        } catch (FileWriteException e) {
            problem.set(messages.get("prices.problem.save", e.getMessage()));
            return false;
        }
        problem.set("");
        return true;
    }

    /** A typed amount: digits with the locale's or the English grouping; NaN when it is not one. */
    private double parse(String text) {
        if (text == null || text.isBlank()) {
            return Double.NaN;
        }
        String t = text.strip().replace("$", "").replace(",", "").replace(" ", "");
        ParsePosition at = new ParsePosition(0);
        Number n = NumberFormat.getNumberInstance(Locale.ROOT).parse(t, at);
        return n == null || at.getIndex() != t.length() ? Double.NaN : n.doubleValue();
    }

    /** A number as the file and the edit fields hold it: no grouping, no trailing zeros. */
    private static String plain(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v)
                : java.math.BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
    }

    private String money(double v, UserPrice.Field field) {
        NumberFormat f = NumberFormat.getNumberInstance(messages.locale());
        f.setMaximumFractionDigits(field == UserPrice.Field.USD_PER_HOUR ? 4 : 0);
        f.setMinimumFractionDigits(field == UserPrice.Field.USD_PER_HOUR ? 2 : 0);
        return messages.get(field == UserPrice.Field.USD_PER_HOUR ? "prices.perHour" : "prices.purchase",
                f.format(v));
    }
}
