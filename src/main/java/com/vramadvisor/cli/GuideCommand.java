package com.vramadvisor.cli;

import com.vramadvisor.catalog.Catalog;
import com.vramadvisor.engine.llm.MemoryEstimator;
import com.vramadvisor.engine.ranking.DomainGuide;
import com.vramadvisor.engine.ranking.DomainGuideRow;
import com.vramadvisor.engine.llm.Workload;
import com.vramadvisor.engine.ranking.GuideRow;
import com.vramadvisor.engine.ranking.GuideScenario;
import com.vramadvisor.engine.ranking.SizeClass;
import com.vramadvisor.engine.ranking.HardwareGuide;
import com.vramadvisor.engine.ranking.RankingOptions;
import com.vramadvisor.engine.ranking.RecommendationRow;
import com.vramadvisor.engine.ranking.Recommender;
import com.vramadvisor.engine.ranking.RuleOfThumb;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code guide}: the rule-of-thumb hardware table (small models, 1-10B, over 10B, real-time rendering, scientific
 * computing) regenerated from the engines and the catalog, each verdict explained where it differs from the rule.
 */
@Command(name = "guide", mixinStandardHelpOptions = true,
        description = "The hardware guide by model size, rendering and scientific computing, computed from the engines and the catalog.")
final class GuideCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    CatalogOption catalog;

    @Option(names = "--format", paramLabel = "FORMAT", description = "text or json (default text).")
    String format = "text";

    @Override
    public Integer call() throws Exception {
        OutputFormat fmt = OutputFormat.parse(format, OutputFormat.TEXT, OutputFormat.JSON);
        PrintWriter out = spec.commandLine().getOut();
        Catalog c = catalog.catalog(spec.commandLine().getErr());
        List<GuideScenario> scenarios = new ArrayList<>(GuideScenario.defaults());
        c.model("bert-base").ifPresent(bert -> scenarios.add(new GuideScenario("small-bert-pretrain",
                SizeClass.SMALL_UNDER_1B, "BERT-base pre-training, AdamW, batch 256 x 128 tokens", bert,
                Workload.builder().batch(256).sequenceLength(128).build())));
        List<GuideRow> rows = new HardwareGuide(new Recommender(new MemoryEstimator()::estimate))
                .build(scenarios, RuleOfThumb.standard(), c.hardware(), RankingOptions.defaults());
        List<RuleOfThumb> rules = new ArrayList<>(RuleOfThumb.standard());
        rules.addAll(RuleOfThumb.beyondLanguageModels());
        List<DomainGuideRow> domainRows = DomainGuide.build(GuideDomainScenarios.defaults(), rules, c.hardware(),
                RankingOptions.defaults());
        if (fmt == OutputFormat.JSON) {
            List<Map<String, Object>> list = new ArrayList<>();
            for (GuideRow r : rows) {
                Map<String, Object> o = new LinkedHashMap<>();
                o.put("scenario", r.scenario().id());
                o.put("sizeClass", r.scenario().sizeClass().id());
                o.put("description", r.scenario().description());
                o.put("needBytes", r.needBytes());
                o.put("largestPart", r.largestPart().id());
                o.put("ruleOfThumb", r.rule().recommendation());
                o.put("agreesWithRule", r.agreesWithRule());
                o.put("ruleOption", id(r.ruleOption()));
                o.put("smallestSingleGpu", id(r.smallestSingle()));
                o.put("fewestGpus", id(r.fewestGpus()));
                o.put("cheapest", id(r.cheapest()));
                o.put("pick", pick(r.cheapest()));
                o.put("smallestSingleGpuUsd", usd(r.smallestSingle()));
                o.put("fewestGpusUsd", usd(r.fewestGpus()));
                List<String> codes = new ArrayList<>();
                r.findings().forEach(f -> codes.add(f.code()));
                o.put("findings", codes);
                o.put("explanations", r.explanations());
                list.add(o);
            }
            for (DomainGuideRow r : domainRows) {
                list.add(domainJson(r));
            }
            out.println(EstimateOutput.json().writeValueAsString(list));
        } else {
            for (GuideRow r : rows) {
                out.printf(Locale.ROOT, "%s (%s)%n", r.scenario().description(), r.scenario().sizeClass().id());
                out.printf(Locale.ROOT, "  need on one GPU    %s (largest part: %s)%n", Quantities.gib(r.needBytes()),
                        r.largestPart().label());
                out.printf(Locale.ROOT, "  rule of thumb      %s -> %s%n", r.rule().recommendation(),
                        name(r.ruleOption()));
                out.printf(Locale.ROOT, "  smallest card      %s%n", name(r.smallestSingle()));
                out.printf(Locale.ROOT, "  fewest GPUs        %s%n", name(r.fewestGpus()));
                out.printf(Locale.ROOT, "  pick (cheapest)    %s%n", name(r.cheapest()));
                if (r.cheapest() != null) {
                    out.println("  - " + why(r.cheapest()));
                }
                for (String e : r.explanations()) {
                    out.println("  - " + e);
                }
                out.println();
            }
            for (DomainGuideRow r : domainRows) {
                printDomain(out, r);
            }
            out.println("Memory in GiB (2^30 bytes). Every pick fits outside the tight-fit margin; the pick is the"
                    + " cheapest such purchase within one machine. Scenarios and rules: docs/decision-table.md.");
        }
        out.flush();
        return 0;
    }

    /** A rendering or scientific-computing line as JSON: the language-model lines' fields, plus the kind. */
    private static Map<String, Object> domainJson(DomainGuideRow r) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("scenario", r.scenario().id());
        o.put("sizeClass", r.scenario().sizeClass().id());
        o.put("workload", r.scenario().workload().estimate().kind().id());
        o.put("description", r.scenario().description());
        o.put("needBytes", r.needBytes());
        // Enum-like values are kebab-case in every JSON output, as the language-model lines' component ids are.
        o.put("largestPart", r.largestPart().id().replaceAll("([a-z0-9])([A-Z])", "$1-$2").toLowerCase(Locale.ROOT));
        o.put("spreadsOverGpus", r.spreads());
        o.put("ruleOfThumb", r.rule().recommendation());
        o.put("agreesWithRule", r.agreesWithRule());
        o.put("ruleOption", r.ruleOption() == null ? null : r.ruleOption().hardwareId());
        o.put("smallestSingleGpu", r.smallestSingle() == null ? null : r.smallestSingle().hardwareId());
        o.put("fewestGpus", r.fewestGpus() == null ? null : r.fewestGpus().hardwareId());
        o.put("cheapest", r.cheapest() == null ? null : r.cheapest().hardwareId());
        o.put("pick", pick(r.cheapest()));
        o.put("smallestSingleGpuUsd", usd(r.smallestSingle()));
        o.put("fewestGpusUsd", usd(r.fewestGpus()));
        List<String> codes = new ArrayList<>();
        r.findings().forEach(f -> codes.add(f.code()));
        o.put("findings", codes);
        o.put("explanations", r.explanations());
        return o;
    }

    private static void printDomain(PrintWriter out, DomainGuideRow r) {
        out.printf(Locale.ROOT, "%s (%s)%n", r.scenario().description(), r.scenario().sizeClass().id());
        out.printf(Locale.ROOT, "  need on one GPU    %s (largest part: %s)%s%n", Quantities.gib(r.needBytes()),
                r.largestPart().label(), r.spreads() ? "; spreads over GPUs" : "; one GPU must hold it all");
        out.printf(Locale.ROOT, "  rule of thumb      %s -> %s%n", r.rule().recommendation(), name(r.ruleOption()));
        out.printf(Locale.ROOT, "  smallest card      %s%n", name(r.smallestSingle()));
        out.printf(Locale.ROOT, "  fewest GPUs        %s%n", name(r.fewestGpus()));
        out.printf(Locale.ROOT, "  pick (cheapest)    %s%n", name(r.cheapest()));
        if (r.cheapest() != null) {
            out.println("  - " + why(r.cheapest()));
        }
        for (String e : r.explanations()) {
            out.println("  - " + e);
        }
        out.println();
    }

    /**
     * The line's pick as JSON: the cheapest purchase within one machine that fits outside the tight-fit margin, its
     * capital, headroom and why it is the pick; {@code null} when nothing fits.
     */
    private static Map<String, Object> pick(RecommendationRow row) {
        if (row == null) {
            return null;
        }
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("hardwareId", row.hardwareId());
        o.put("hardware", row.hardwareName());
        o.put("capitalUsd", row.purchaseUsd());
        o.put("headroom", row.headroomFraction());
        o.put("why", why(row));
        return o;
    }

    /** Why the pick is the pick, in one English sentence. */
    private static String why(RecommendationRow row) {
        return String.format(Locale.ROOT, "The cheapest purchase within one machine that holds it outside the"
                        + " tight-fit margin: %s per GPU of %s (%.0f%% headroom)%s.", Quantities.gib(row.perGpuBytes()),
                Quantities.gib(row.capacityBytes()), 100 * row.headroomFraction(),
                row.layout() == null || row.gpusNeeded() <= 1 ? "" : ", laid out " + row.sharding());
    }

    private static Double usd(RecommendationRow row) {
        return row == null ? null : row.purchaseUsd();
    }

    private static String id(RecommendationRow row) {
        return row == null ? null : row.hardwareId();
    }

    private static String name(RecommendationRow row) {
        if (row == null) {
            return "none in the catalog";
        }
        String price = row.purchaseUsd() == null ? "" : ", " + RecommendCommand.MONEY.amount(row.purchaseUsd());
        String fit = row.fits() ? "" : ", does not fit";
        return String.format(Locale.ROOT, "%s (%s per GPU of %s%s%s)", row.hardwareName(),
                Quantities.gib(row.perGpuBytes()), Quantities.gib(row.capacityBytes()), price, fit);
    }
}
