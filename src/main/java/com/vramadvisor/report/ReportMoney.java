package com.vramadvisor.report;

import com.vramadvisor.engine.money.OwnershipTerms;
import com.vramadvisor.engine.money.Usage;
import com.vramadvisor.engine.ranking.Acquisition;
import com.vramadvisor.engine.ranking.MoneyVerdict;
import com.vramadvisor.engine.ranking.Recommendation;
import com.vramadvisor.engine.ranking.RecommendationRow;

import java.util.ArrayList;
import java.util.List;

/**
 * The money sentences of a report in its language, for every workload kind: how bought and rented options are costed
 * (a note under the decision table) and the verdict (summary lines: renting or buying cheaper for this job, and the
 * break-even of the best purchase), from the same figures the command line words.
 */
final class ReportMoney {

    private final ReportText text;

    ReportMoney(ReportText text) {
        this.text = text;
    }

    /** The note on how bought and rented options are costed. */
    String costNote(Recommendation rec) {
        OwnershipTerms t = rec.ownership();
        Usage u = rec.options().usage();
        String usage = u.jobOnly() ? text.format("decision.note.usage.alone", text.percent(t.sellingCostFraction()))
                : text.format("decision.note.usage.used", text.percent(u.utilization()), text.number(u.years(),
                years(u.years())), text.percent(t.sellingCostFraction()));
        String colocation = t.colocationUsdPerKwMonth() == null ? text.get("decision.note.colocation.unknown")
                : text.usd(t.colocationUsdPerKwMonth());
        return text.format("decision.note.cost", usage, colocation, text.number(t.electricityUsdPerKWh(), 3),
                text.number(t.pue(), 2));
    }

    /** The verdict's summary lines: which way is cheaper for this job, and the best purchase's break-even. */
    List<String> verdict(Recommendation rec) {
        MoneyVerdict v = rec.verdict();
        List<String> out = new ArrayList<>();
        RecommendationRow rent = v.bestRental();
        RecommendationRow buy = v.bestPurchase();
        boolean rentCost = rent != null && rent.jobCostUsd() != null;
        boolean buyCost = buy != null && buy.jobCostUsd() != null;
        if (v.cheaper() == Acquisition.RENTAL && rentCost) {
            out.add(buyCost ? text.format("summary.verdict.rental", rent.hardwareName(), text.usd(rent.jobCostUsd()),
                    text.usd(buy.jobCostUsd()), buy.hardwareName())
                    : text.format("summary.verdict.rental.only", rent.hardwareName(), text.usd(rent.jobCostUsd())));
        } else if (v.cheaper() == Acquisition.PURCHASE && buyCost) {
            out.add(rentCost ? text.format("summary.verdict.purchase", buy.hardwareName(), text.usd(buy.jobCostUsd()),
                    text.usd(rent.jobCostUsd()), rent.hardwareName())
                    : text.format("summary.verdict.purchase.only", buy.hardwareName(), text.usd(buy.jobCostUsd())));
        }
        if (v.cheaper() != null && buy != null && v.comparableRental()) {
            String years = text.number(v.years(), years(v.years()));
            out.add(v.breakEvenUtilization() != null
                    ? text.format("summary.breakEven", buy.hardwareName(), text.percent(v.breakEvenUtilization()),
                    years)
                    : text.format("summary.breakEven.never", buy.hardwareName(), years));
        }
        return out;
    }

    /** Decimals for a number of years: none for whole years, one otherwise. */
    private static int years(double y) {
        return y == Math.rint(y) ? 0 : 1;
    }
}
