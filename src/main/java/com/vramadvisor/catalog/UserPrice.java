package com.vramadvisor.catalog;

import java.util.Objects;

/**
 * One entry of the user's price list ({@code prices.json} in the user catalog folder): the user's own price for a
 * GPU, a system or a cloud offer of the catalog, with the date it applies and an optional note.
 *
 * @param id     the id of the GPU, system or cloud offer it prices
 * @param field  which price it gives: a purchase price or an hourly rental price
 * @param value  the price in US dollars ({@link Field#PURCHASE_USD}) or US dollars per instance-hour
 *               ({@link Field#USD_PER_HOUR}); above 0
 * @param date   when the price applies, ISO {@code yyyy-mm-dd} or {@code yyyy-mm}
 * @param note   the user's words about it (where the quote came from); empty when none
 */
public record UserPrice(String id, Field field, double value, String date, String note) {

    /** The two prices an entry can give; each names its field in {@code prices.json}. */
    public enum Field {
        /** A purchase price in US dollars: for a GPU or a system. */
        PURCHASE_USD("priceUsd"),
        /** A rental price in US dollars per hour for the whole instance: for a cloud offer. */
        USD_PER_HOUR("priceUsdPerHour");

        private final String jsonName;

        Field(String jsonName) {
            this.jsonName = jsonName;
        }

        /** The field's name in {@code prices.json}. */
        public String jsonName() {
            return jsonName;
        }
    }

    public UserPrice {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(field, "field");
        Objects.requireNonNull(date, "date");
        note = note == null ? "" : note;
    }
}
