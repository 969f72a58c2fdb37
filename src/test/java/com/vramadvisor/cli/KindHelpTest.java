package com.vramadvisor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * {@code --help} of a sizing command shows one workload kind's flags at a time: the overview lists the kinds and the
 * flags every kind shares, {@code --workload KIND --help} what that kind reads, and {@code help estimate} everything.
 */
class KindHelpTest {

    @Test
    void plainHelpListsTheKindsAndTheCommonFlagsOnly() {
        EstimateCommandTest.Result r = EstimateCommandTest.run("estimate", "--help");
        assertThat(r.status()).isZero();
        assertThat(r.out()).contains("Usage: vram-advisor estimate [--workload=KIND] [OPTIONS]").doesNotContain("Usage: Usage")
                .contains("--workload=KIND").contains("--scenario=FILE").contains("--format=FORMAT")
                .contains("--gpu=ID").contains("vision").contains("diffusion").contains("grid")
                .contains("vram-advisor estimate --workload KIND --help")
                .doesNotContain("--lora-rank").doesNotContain("--atoms").doesNotContain("--preset");
        assertThat(r.out().lines().count()).isLessThan(60);
    }

    @Test
    void aKindsHelpShowsTheFlagsThatKindReadsAndNoOthers() {
        EstimateCommandTest.Result vision = EstimateCommandTest.run("estimate", "--workload", "vision", "--help");
        assertThat(vision.status()).isZero();
        assertThat(vision.out()).contains("Usage: vram-advisor estimate --workload vision [OPTIONS]")
                .contains("--preset=ID").contains("--batch=N").contains("--resolution=R")
                .contains("--channels-last").contains("--optimizer=OPT")
                .doesNotContain("--lora-rank").doesNotContain("--atoms").doesNotContain("--kv-dtype")
                .doesNotContain("--hidden");
        EstimateCommandTest.Result md = EstimateCommandTest.run("estimate", "--workload", "md", "--help");
        assertThat(md.out()).contains("--atoms=N").contains("--potential=KIND").contains("--precision=P")
                .doesNotContain("--resolution").doesNotContain("--preset");
        EstimateCommandTest.Result llm = EstimateCommandTest.run("fit", "--workload", "llm", "--help");
        assertThat(llm.out()).contains("--lora-rank").contains("--kv-dtype").contains("--hidden")
                .contains("--calibration").doesNotContain("--atoms").doesNotContain("--channels-last");
    }

    /** Every flag a kind reads is in its help: the help is built from the same lists the parser checks. */
    @Test
    void everyFlagAKindReadsIsInItsHelp() {
        for (DomainCli kind : DomainWorkloads.all()) {
            EstimateCommandTest.Result r = EstimateCommandTest.run("estimate", "--workload", kind.kind().id(),
                    "--help");
            for (String flag : kind.reads().shared()) {
                assertThat(r.out()).as(kind.kind().id()).contains(flag);
            }
            for (String flag : kind.reads().domain()) {
                assertThat(r.out()).as(kind.kind().id()).contains(flag);
            }
        }
    }

    @Test
    void anUnknownKindIsOneLineAndTheFullListStaysUnderHelp() {
        EstimateCommandTest.Result bad = EstimateCommandTest.run("estimate", "--workload", "nerf", "--help");
        assertThat(bad.status()).isEqualTo(2);
        assertThat(bad.err().strip()).startsWith("vram-advisor: ").doesNotContain("\n");
        EstimateCommandTest.Result all = EstimateCommandTest.run("help", "estimate");
        assertThat(all.out()).contains("--lora-rank").contains("--atoms").contains("--channels-last");
    }
}
