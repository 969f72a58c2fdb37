package com.vramadvisor.figures;

import com.vramadvisor.engine.core.JobSize;
import java.util.Locale;

/**
 * A job ({@link JobSize}) in words, the same on the command line, in the window and in reports: "90 epochs of
 * 1,281,167 images" in English, "1,281,167 张图像训练 90 轮" in Chinese. Counts are grouped by thousands in both.
 * Words come from the bundle {@code com/vramadvisor/figures/figures} (keys {@code job.<phrase id>}). Immutable and
 * safe to use from the ranking thread.
 */
public final class JobText {

    private final Bundle words;

    private JobText(Locale locale) {
        this.words = new Bundle(locale);
    }

    /** The texts for {@code locale}: Chinese for any {@code zh} locale, English otherwise. */
    public static JobText of(Locale locale) {
        return new JobText(locale);
    }

    /** The job in this language's words. */
    public String describe(JobSize job) {
        String key = job.phrase() == JobSize.Phrase.STEPS_OF_IMAGES && job.of() == 1 ? "job.steps-of-one-image"
                : "job." + job.phrase().id();
        return words.fill(key, grouped(job.count()), grouped(job.of()));
    }

    private static String grouped(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }
}
