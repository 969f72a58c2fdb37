package com.vramadvisor.figures;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.engine.core.JobSize;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** A job reads the same in English everywhere, and wholly in Chinese in Chinese. */
class JobTextTest {

    private static final List<JobSize> JOBS = List.of(JobSize.images(50_000), JobSize.epochsOfImages(90, 1_281_167),
            JobSize.imagesWithSamplingSteps(2_000, 30), JobSize.stepsOfImages(1_000, 4), JobSize.stepsOfImages(500, 1),
            JobSize.timeSteps(1_000_000), JobSize.iterations(2_500));

    @Test
    void theWindowAndReportsWordAJobAsTheCommandLineDoesInEnglish() {
        JobText english = JobText.of(Locale.ENGLISH);
        for (JobSize job : JOBS) {
            assertThat(english.describe(job)).isEqualTo(job.description());
        }
        assertThat(english.describe(JobSize.epochsOfImages(90, 1_281_167))).isEqualTo("90 epochs of 1,281,167 images");
        assertThat(english.describe(JobSize.stepsOfImages(500, 1))).isEqualTo("500 steps of 1 image");
    }

    @Test
    void chineseWordsEveryJobWithoutEnglishAndKeepsItsCounts() {
        JobText chinese = JobText.of(Locale.SIMPLIFIED_CHINESE);
        for (JobSize job : JOBS) {
            String text = chinese.describe(job);
            assertThat(text).as(job.phrase().id()).doesNotContainPattern("[A-Za-z]")
                    .contains(String.format(Locale.ROOT, "%,d", job.count()));
            if (job.of() > 0) {
                assertThat(text).contains(String.format(Locale.ROOT, "%,d", job.of()));
            }
        }
        assertThat(chinese.describe(JobSize.timeSteps(1_000_000))).isEqualTo("1,000,000 个时间步");
    }

    @Test
    void aJobCountsItsItemsAndRefusesCountsBelowOneOrBeyondTheBound() {
        assertThat(JobSize.epochsOfImages(90, 1_281_167).items()).isEqualTo(90.0 * 1_281_167);
        assertThat(JobSize.imagesWithSamplingSteps(2_000, 30).items()).isEqualTo(2_000.0);
        assertThat(JobSize.stepsOfImages(1_000, 4).items()).isEqualTo(4_000.0);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> JobSize.images(0))
                .isInstanceOf(IllegalArgumentException.class);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> JobSize.epochsOfImages(1_000_000, 1_000_000_000_000L))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
