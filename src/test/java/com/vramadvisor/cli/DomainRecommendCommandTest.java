package com.vramadvisor.cli;

import static com.vramadvisor.cli.EstimateCommandTest.run;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code recommend} and {@code report} with {@code --workload} other than a language model. */
class DomainRecommendCommandTest {

    @ParameterizedTest
    @ValueSource(strings = {"--tokens=1B", "--days=30", "--pue=1.2", "--amortize-years=4", "--compute-efficiency=0.4"})
    void flagsThatFeedTheSpeedModelAreRefusedByName(String flag) {
        String name = flag.substring(0, flag.indexOf('='));
        for (String command : new String[] {"recommend", "report"}) {
            EstimateCommandTest.Result r = command.equals("report")
                    ? run(command, "--workload", "md", "--atoms", "1M", flag, "--md", "x.md")
                    : run(command, "--workload", "md", "--atoms", "1M", flag);
            assertThat(r.status()).as(command + " " + flag).isEqualTo(2);
            assertThat(r.err()).contains(name, "workloads beyond language models").doesNotContain("Exception");
            assertThat(r.err().strip().lines()).hasSize(1);
        }
    }

    @Test
    void aGpuLimitBelowOneIsRefused() {
        EstimateCommandTest.Result r = run("recommend", "--workload", "render", "--max-gpus", "0");
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.err()).contains("--max-gpus must be at least 1");
    }
}
