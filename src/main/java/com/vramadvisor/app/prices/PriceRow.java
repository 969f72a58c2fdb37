package com.vramadvisor.app.prices;

import com.vramadvisor.catalog.UserPrice;

/**
 * One line of "My prices": a GPU, system or cloud offer with the catalog's price and the user's own, as text the
 * table shows.
 *
 * @param id           the catalog id
 * @param name         the display name
 * @param field        purchase (GPUs, systems) or hourly rental (cloud offers)
 * @param catalogPrice the catalog's own price, formatted for the locale with its unit; empty when it has none
 * @param catalogDate  the date of that price; empty when none
 * @param yourPrice    the user's price as typed, US dollars (per hour for an offer); empty when none
 * @param yourDate     the date the user's price applies, {@code yyyy-mm-dd} or {@code yyyy-mm}; empty when none
 * @param note         the user's note; empty when none
 */
public record PriceRow(String id, String name, UserPrice.Field field, String catalogPrice, String catalogDate,
                       String yourPrice, String yourDate, String note) {

    /** Whether the user gave a price of their own. */
    public boolean hasYourPrice() {
        return !yourPrice.isBlank();
    }

    PriceRow with(String price, String date, String newNote) {
        return new PriceRow(id, name, field, catalogPrice, catalogDate, price, date, newNote);
    }
}
