package com.vramadvisor.catalog;

/**
 * A user's price in effect in the loaded catalog, with the catalog price it replaced.
 *
 * @param price        the entry of the user's price list
 * @param catalogPrice the catalog's own price it replaced, in the same unit; 0 when the catalog gives none
 * @param catalogDate  the date of that catalog price; empty when none
 */
public record AppliedUserPrice(UserPrice price, double catalogPrice, String catalogDate) {
}
