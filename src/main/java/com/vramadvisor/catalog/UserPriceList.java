package com.vramadvisor.catalog;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.vramadvisor.files.AtomicFiles;
import com.vramadvisor.files.FileWriteException;
import com.vramadvisor.files.UntrustedText;
import com.vramadvisor.json.JsonTrees;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The user's own price list, {@value #FILE_NAME} in the user catalog folder: prices for GPUs and systems (purchase,
 * {@code priceUsd}) and cloud offers (rental, {@code priceUsdPerHour}) that replace the catalog's. Reads only a
 * regular file of at most {@value #MAX_BYTES} bytes; every bad entry is a {@link CatalogProblem} and is skipped, the
 * rest loads. Writes atomically, and only a list that reads back without a problem. Format in {@code
 * docs/catalog.md}.
 */
public final class UserPriceList {

    /** The file's name in the user catalog folder. */
    public static final String FILE_NAME = "prices.json";
    /** The largest file read: a price list of thousands of entries is far smaller. */
    public static final long MAX_BYTES = 1 << 20;
    /** The list field of the file. */
    static final String LIST_FIELD = "prices";

    private UserPriceList() {
    }

    /** One entry as read, with where it stands in the file (for problems found later, such as an unknown id). */
    record Entry(UserPrice price, String path) {
    }

    /** What a read found: the well-formed entries in file order, and every problem. */
    record Read(List<Entry> entries, List<CatalogProblem> problems) {
    }

    /** Reads the file; never throws for bad content, which ends up in {@link Read#problems()}. */
    static Read read(Path file) {
        String name = file.toString();
        List<CatalogProblem> problems = new ArrayList<>();
        if (!Files.isRegularFile(file)) {
            problems.add(new CatalogProblem(name, "", "not a regular file; the price list is not read"));
            return new Read(List.of(), problems);
        }
        byte[] bytes;
        try {
            long size = Files.size(file);
            if (size > MAX_BYTES) {
                problems.add(new CatalogProblem(name, "", "the file is " + size + " bytes, more than the "
                        + MAX_BYTES + " a price list may have; it is not read"));
                return new Read(List.of(), problems);
            }
            try (InputStream in = Files.newInputStream(file)) {
                bytes = in.readNBytes((int) MAX_BYTES + 1);
            }
        } catch (IOException e) {
            problems.add(new CatalogProblem(name, "", "cannot read the file: " + firstLine(e)));
            return new Read(List.of(), problems);
        }
        if (bytes.length > MAX_BYTES) {
            problems.add(new CatalogProblem(name, "", "the file grew past " + MAX_BYTES + " bytes while it was read;"
                    + " it is not read"));
            return new Read(List.of(), problems);
        }
        return parse(bytes, name);
    }

    /** Parses the bytes of a price list named {@code name} in problems. */
    static Read parse(byte[] bytes, String name) {
        List<CatalogProblem> problems = new ArrayList<>();
        JsonNode root;
        try {
            root = JsonTrees.read(bytes, JsonTrees.Check.NO_DUPLICATE_FIELDS, JsonTrees.Check.NO_TRAILING_CONTENT);
        } catch (JsonProcessingException e) {
            problems.add(new CatalogProblem(name, "$", "malformed JSON: " + JsonTrees.problem(e)));
            return new Read(List.of(), problems);
        } catch (IOException e) {
            problems.add(new CatalogProblem(name, "$", "cannot read the file: " + firstLine(e)));
            return new Read(List.of(), problems);
        }
        if (root == null || root.isMissingNode()) {
            problems.add(new CatalogProblem(name, "$", "the file is empty"));
            return new Read(List.of(), problems);
        }
        if (!root.isObject()) {
            problems.add(new CatalogProblem(name, "$", "expected an object with \"" + LIST_FIELD + "\", found "
                    + EntryReader.describe(root)));
            return new Read(List.of(), problems);
        }
        root.fieldNames().forEachRemaining(field -> {
            if (!field.equals(LIST_FIELD) && !field.equals("description")) {
                problems.add(new CatalogProblem(name, "$." + UntrustedText.escape(field),
                        "unknown field, ignored (prices go in \"" + LIST_FIELD + "\")"));
            }
        });
        JsonNode list = root.get(LIST_FIELD);
        if (list == null || !list.isArray()) {
            problems.add(new CatalogProblem(name, "$." + LIST_FIELD, list == null
                    ? "required list of prices is missing" : "expected a list of prices, found "
                    + EntryReader.describe(list)));
            return new Read(List.of(), problems);
        }
        List<Entry> entries = new ArrayList<>();
        Map<String, String> seen = new LinkedHashMap<>();
        for (int i = 0; i < list.size(); i++) {
            String path = "$." + LIST_FIELD + "[" + i + "]";
            JsonNode node = list.get(i);
            if (!node.isObject()) {
                problems.add(new CatalogProblem(name, path, "expected an object, found " + EntryReader.describe(node)));
                continue;
            }
            EntryReader r = new EntryReader(name, node, path);
            UserPrice price = entry(r);
            if (price == null) {
                problems.addAll(r.problems());
                continue;
            }
            String first = seen.putIfAbsent(price.id(), path);
            if (first != null) {
                problems.add(new CatalogProblem(name, path + ".id", "a second price for \"" + price.id()
                        + "\" (the first is at " + first + "); this one is skipped"));
                continue;
            }
            entries.add(new Entry(price, path));
        }
        return new Read(List.copyOf(entries), List.copyOf(problems));
    }

    private static UserPrice entry(EntryReader r) {
        String id = r.id();
        boolean purchase = r.has(UserPrice.Field.PURCHASE_USD.jsonName());
        boolean hourly = r.has(UserPrice.Field.USD_PER_HOUR.jsonName());
        UserPrice.Field field = hourly ? UserPrice.Field.USD_PER_HOUR : UserPrice.Field.PURCHASE_USD;
        double value = 0;
        if (purchase && hourly) {
            r.fail(null, "give either priceUsd (a purchase) or priceUsdPerHour (a rental), not both");
            r.optionalNumber(UserPrice.Field.PURCHASE_USD.jsonName(), 0, -Double.MAX_VALUE, Double.MAX_VALUE);
            r.optionalNumber(UserPrice.Field.USD_PER_HOUR.jsonName(), 0, -Double.MAX_VALUE, Double.MAX_VALUE);
        } else if (!purchase && !hourly) {
            r.fail(null, "a price is missing: priceUsd for a GPU or system, priceUsdPerHour for a cloud offer");
        } else {
            value = r.positiveNumber(field.jsonName(), purchase ? 1e12 : HardwareEntryParser.MAX_USD_PER_HOUR);
        }
        String date = r.text("date");
        if (!date.isEmpty() && !HardwareEntryParser.MONTH_DATE.matcher(date).matches()) {
            r.fail("date", "expected the date the price applies, yyyy-mm-dd or yyyy-mm, found " + UntrustedText.quote(date));
        }
        String note = r.optionalText("note", "");
        r.rejectUnknownFields();
        return r.ok() ? new UserPrice(id, field, value, date, note) : null;
    }

    /** The price list as the file holds it: two-space indented JSON, entries in the given order. */
    public static String render(List<UserPrice> prices) {
        ObjectNode root = JsonTrees.object();
        root.put("description", "My own prices; they replace the catalog's. Written by VRAM Advisor; see"
                + " docs/catalog.md.");
        ArrayNode list = root.putArray(LIST_FIELD);
        for (UserPrice p : prices) {
            ObjectNode entry = list.addObject();
            entry.put("id", p.id());
            entry.put(p.field().jsonName(), p.value());
            entry.put("date", p.date());
            if (!p.note().isEmpty()) {
                entry.put("note", p.note());
            }
        }
        return JsonTrees.pretty(root) + System.lineSeparator();
    }

    /**
     * Writes the list to {@code file} atomically (creating the folder if need be): a reader sees the old file or
     * the whole new one. The rendered text is read back first, and a list that would not read back without a problem
     * is refused before anything is written, so a good file is never replaced by a broken one.
     *
     * @throws IllegalArgumentException naming the first problem, when the list has one (a price of 0, a bad date,
     *                                  an id twice); nothing is written
     * @throws FileWriteException       when the file cannot be written; the earlier file, if any, is intact
     */
    public static void write(Path file, List<UserPrice> prices) throws FileWriteException {
        String text = render(prices);
        Read check = parse(text.getBytes(java.nio.charset.StandardCharsets.UTF_8), file.toString());
        if (!check.problems().isEmpty()) {
            throw new IllegalArgumentException(check.problems().get(0).toString());
        }
        AtomicFiles.writeString(file, AtomicFiles.MissingFolder.CREATE, text);
    }

    /** Reads the entries of {@code file} for editing: the well-formed ones in file order, and what was wrong. */
    public static Contents contents(Path file) {
        if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
            return new Contents(List.of(), List.of());
        }
        Read read = read(file);
        return new Contents(read.entries().stream().map(Entry::price).toList(), read.problems());
    }

    /**
     * A price list as read for editing.
     *
     * @param prices   the well-formed entries, unknown ids included, in file order
     * @param problems what was wrong with the file or its entries; empty when nothing was
     */
    public record Contents(List<UserPrice> prices, List<CatalogProblem> problems) {
        public Contents {
            prices = List.copyOf(prices);
            problems = List.copyOf(problems);
        }
    }

    private static String firstLine(Exception e) {
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return UntrustedText.escape(message.lines().findFirst().orElse(message), 200);
    }
}
