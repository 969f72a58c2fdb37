package com.vramadvisor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A model folder's name is text from the file system: escape sequences that retitle or recolour the terminal (ANSI
 * CSI, OSC ended by BEL), bidirectional overrides that reorder what is shown, and formulas for spreadsheets. None of
 * them may reach standard output as they are, in any format.
 */
class UntrustedNamesCliTest {

    private static final String CONFIG = """
            {"model_type": "gpt2", "architectures": ["GPT2LMHeadModel"], "n_embd": 64, "n_head": 4, "n_layer": 2,
             "n_positions": 256, "vocab_size": 100}""";

    @TempDir
    Path tmp;

    private Path modelFolder(String name) throws Exception {
        Path folder = Files.createDirectory(tmp.resolve(name));
        Files.writeString(folder.resolve("config.json"), CONFIG);
        return folder;
    }

    @Test
    void escapesAndBidiCharactersFromAFolderNameNeverReachStandardOutput() throws Exception {
        Path folder = modelFolder("evil\u001b]0;pwn\u0007\u001b[31mRED\u202egpj.exe");
        String[][] runs = {{"estimate", "--config", folder.toString()},
            {"estimate", "--config", folder.toString(), "--format", "json"},
            {"report", "--config", folder.toString(), "--md", "-"},
            {"report", "--config", folder.toString(), "--csv", "-"},
            {"recommend", "--config", folder.toString(), "--format", "csv", "--top", "3"}};
        for (String[] args : runs) {
            EstimateCommandTest.Result r = EstimateCommandTest.run(args);
            assertThat(r.status()).as(String.join(" ", args) + ": " + r.err()).isZero();
            assertThat(r.out()).as(args[0] + " " + args[args.length - 1])
                    .doesNotContain("\u001b").doesNotContain("\u0007").doesNotContain("\u202e");
            if (!args[0].equals("recommend")) {
                assertThat(r.out()).contains("evil").contains("pwn");
            }
            assertThat(r.err()).doesNotContain("\u001b").doesNotContain("\u0007").doesNotContain("\u202e");
        }
    }

    @Test
    void aFolderNamedLikeAFormulaIsTextInCsv() throws Exception {
        Path folder = modelFolder("=HYPERLINK(x)");
        EstimateCommandTest.Result r = EstimateCommandTest.run("report", "--config", folder.toString(), "--csv", "-");
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).contains("'=HYPERLINK(x)").doesNotContain(",=HYPERLINK").doesNotContain("\n=");
    }
}
