package com.vramadvisor.app.results;

import com.vramadvisor.engine.ranking.Acquisition;
import com.vramadvisor.engine.ranking.RankingOptions;
import com.vramadvisor.engine.ranking.RecommendationRow;
import com.vramadvisor.engine.ranking.RowMoney;
import com.vramadvisor.engine.money.Usage;
import java.util.ArrayList;
import java.util.List;

/**
 * The money cells of a decision-table row and the tooltips that show how each number is made: the capital of a
 * bought option, the hourly rent of a rented one, and the job cost with its formula filled in.
 */
final class CostTexts {

    private final ResultsMessages messages;

    CostTexts(ResultsMessages messages) {
        this.messages = messages;
    }

    /** An amount as every table shows it: "&lt; $0.01" below a cent, cents below $10, whole dollars above. */
    String usd(double amount) {
        return messages.usd(amount);
    }

    /** The purchase price; blank for a rented option, a dash when no price is known. */
    String capital(RecommendationRow r) {
        if (r.acquisition() == Acquisition.RENTAL) {
            return "";
        }
        return r.purchaseUsd() == null ? PlanTexts.UNKNOWN : messages.usd(r.purchaseUsd());
    }

    String capitalTip(RecommendationRow r) {
        if (r.acquisition() == Acquisition.RENTAL) {
            return messages.get("results.table.capital.rented");
        }
        if (r.purchaseUsd() == null) {
            return r.cardsUsd() == null ? messages.get("results.table.capital.unknown")
                    : messages.get("results.table.capital.cardsOnly", messages.usd(r.cardsUsd()));
        }
        if (r.cardsUsd() == null || r.cardsUsd() >= r.purchaseUsd()) {
            return messages.get("results.table.capital.whole", messages.usd(r.purchaseUsd()));
        }
        return messages.get("results.table.capital.split", messages.usd(r.purchaseUsd()), messages.usd(r.cardsUsd()),
                messages.usd(r.purchaseUsd() - r.cardsUsd()));
    }

    /** The hourly rent of all instances; blank for a bought option, a dash when no price is known. */
    String rent(RecommendationRow r) {
        if (r.acquisition() == Acquisition.PURCHASE) {
            return "";
        }
        return r.rentalUsdPerHour() == null ? PlanTexts.UNKNOWN
                : messages.get("results.table.rent", messages.usdRate(r.rentalUsdPerHour()));
    }

    String rentTip(RecommendationRow r) {
        if (r.acquisition() == Acquisition.PURCHASE) {
            return messages.get("results.table.rent.bought");
        }
        if (r.rentalUsdPerHour() == null) {
            return messages.get("results.reason.no-price");
        }
        int units = Math.max(1, r.units());
        return messages.get("results.table.rent.tip", messages.integer(units),
                messages.usdRate(r.rentalUsdPerHour() / units), messages.usdRate(r.rentalUsdPerHour()));
    }

    private String years(double years) {
        return years == Math.rint(years) ? messages.integer((long) years) : messages.decimal(years, 1);
    }

    String jobCost(RecommendationRow r) {
        return r.jobCostUsd() == null ? PlanTexts.UNKNOWN : usd(r.jobCostUsd());
    }

    /**
     * The job cost's formula with the row's numbers: hours times the rent, or the purchase's share of its years of
     * use plus the electricity (the PUE already in the kWh). Without a job cost, what is missing.
     */
    String jobCostTip(RecommendationRow r, RankingOptions options) {
        if (r.jobCostUsd() == null) {
            List<String> missing = new ArrayList<>();
            boolean bought = r.acquisition() == Acquisition.PURCHASE;
            if (bought ? r.purchaseUsd() == null : r.rentalUsdPerHour() == null) {
                missing.add(messages.get("results.table.jobCost.missing.price"));
            }
            if (r.hours() == null) {
                missing.add(messages.get("results.table.jobCost.missing.speed"));
            } else if (bought && r.energyKWh() == null) {
                missing.add(messages.get("results.table.jobCost.missing.power"));
            }
            return messages.get("results.table.jobCost.unknown", String.join(", ", missing));
        }
        // The formula's own operand: hours with enough decimals that a job of seconds does not read as 0.
        String hours = messages.decimal(r.hours(), r.hours() < 0.1 ? 3 : r.hours() < 10 ? 2 : 1);
        if (r.acquisition() == Acquisition.RENTAL) {
            if (!r.market().startsWith("commit")) {
                return messages.get("results.table.jobCost.rent.tip", hours,
                        messages.usdRate(r.rentalUsdPerHour()), usd(r.jobCostUsd()));
            }
            return messages.get("results.table.jobCost.commit.tip", messages.usdRate(r.rentalUsdPerHour()),
                    messages.integer(Math.round(r.jobCostUsd() / r.rentalUsdPerHour())), usd(r.jobCostUsd()));
        }
        RowMoney m = r.money();
        double energyCost = m.energyCostUsd() == null ? 0 : m.energyCostUsd();
        double owning = m.capitalUsd() - (m.resaleUsd() == null ? 0 : m.resaleUsd())
                + (m.hostingUsd() == null ? 0 : m.hostingUsd());
        Usage u = options.usage();
        String share = u.jobOnly() ? messages.get("results.table.jobCost.share.alone")
                : messages.get("results.table.jobCost.share.used", messages.percent(u.share(r.hours()), 0),
                messages.percent(u.utilization(), 0), years(u.years()));
        return messages.get("results.table.jobCost.buy.tip", messages.usd(m.capitalUsd()),
                usd(m.resaleUsd() == null ? 0 : m.resaleUsd()), usd(m.hostingUsd() == null ? 0 : m.hostingUsd()),
                usd(owning), share, usd(r.jobCostUsd() - energyCost),
                messages.decimal(m.energyKWh() == null ? 0 : m.energyKWh(), 1), usd(energyCost),
                usd(r.jobCostUsd()));
    }
}
