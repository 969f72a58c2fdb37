package com.vramadvisor;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.scenario.ScenarioFileNames;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;

/**
 * The installers' desktop integration as the files in {@code packaging/} declare it: what the desktop passes to the
 * launcher and what the launcher accepts must agree. Building the installers is checked by hand (docs/install.md).
 */
class PackagingTest {

    private static final Path LINUX = Path.of("packaging/linux");

    private static String read(Path file) throws Exception {
        return Files.readString(file);
    }

    private static List<String> desktopEntry(String key) throws Exception {
        return read(LINUX.resolve("vram-advisor.desktop")).lines().filter(line -> line.startsWith(key + "="))
                .map(line -> line.substring(key.length() + 1)).toList();
    }

    private static Element scenarioMimeType() throws Exception {
        var factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        var document = factory.newDocumentBuilder().parse(LINUX.resolve("vram-advisor-scenario.xml").toFile());
        return (Element) document.getElementsByTagName("mime-type").item(0);
    }

    @Test
    void theMenuEntryPassesADoubleClickedFileAsTheLaunchersOnlyArgument() throws Exception {
        // %f: one local path, which Main opens in the window when it names a .vram or .vram.json file.
        assertThat(desktopEntry("Exec")).containsExactly("/opt/vram-advisor/bin/vram-advisor %f");
    }

    private static List<Element> globs(Element mimeType) {
        var nodes = mimeType.getElementsByTagName("glob");
        return java.util.stream.IntStream.range(0, nodes.getLength()).mapToObj(i -> (Element) nodes.item(i)).toList();
    }

    @Test
    void theMenuEntryHandlesTheMimeTypeThatMatchesScenarioFileNames() throws Exception {
        Element type = scenarioMimeType();

        assertThat(desktopEntry("MimeType")).containsExactly(type.getAttribute("type") + ";");
        // Every name the launcher opens, and no other.
        assertThat(globs(type)).extracting(glob -> glob.getAttribute("pattern"))
                .containsExactlyInAnyOrderElementsOf(ScenarioFileNames.globs());
        // Above the weight of application/json's *.json (50), so a scenario is not just any JSON file.
        assertThat(globs(type)).allSatisfy(glob ->
                assertThat(Integer.parseInt(glob.getAttribute("weight"))).isGreaterThan(50));
    }

    /**
     * The menu entry and the MIME type are files of the package, registered by the desktop's own dpkg triggers: no
     * maintainer script runs xdg-utils (and hides its failure), and the package does not depend on it, so
     * {@code dpkg -i} installs it on a machine without xdg-utils.
     */
    @Test
    void theDebShipsItsMenuEntryAndMimeTypeAsFilesAndNeedsNoXdgUtils() throws Exception {
        String build = read(Path.of("packaging/build-installer.sh"));
        assertThat(build).contains("repack_deb \"$OUT\"/*.deb")
                .contains("install -D -m 644 packaging/linux/vram-advisor-scenario.xml \\\n"
                        + "        \"$root/usr/share/mime/packages/vram-advisor-scenario.xml\"")
                .contains("\"$root/usr/share/applications/vram-advisor-vram-advisor.desktop\"")
                .contains("s/^(Depends:.*)xdg-utils *, */\\1/")
                .contains("dpkg-deb -f \"$deb\" Depends | grep -q xdg-utils");
        for (String script : List.of("postinst", "prerm")) {
            String commands = read(LINUX.resolve(script)).lines().filter(line -> !line.strip().startsWith("#"))
                    .collect(java.util.stream.Collectors.joining("\n"));
            assertThat(commands).as(script).doesNotContain("xdg-").doesNotContain("|| true");
        }
    }

    @Test
    void theDebPutsTheLauncherOnPathWithoutTakingAnotherProgramsNameAndTakesItAwayOnRemove() throws Exception {
        String postinst = read(LINUX.resolve("postinst"));
        assertThat(postinst).contains("LINK=/usr/bin/vram-advisor")
                .contains("LAUNCHER=/opt/vram-advisor/bin/vram-advisor")
                .contains("if [ -L \"$LINK\" ] || [ ! -e \"$LINK\" ]; then")
                .contains("ln -sfn \"$LAUNCHER\" \"$LINK\"");
        assertThat(read(LINUX.resolve("prerm")))
                .contains("\"$(readlink /usr/bin/vram-advisor 2>/dev/null)\" = /opt/vram-advisor/bin/vram-advisor")
                .contains("rm -f /usr/bin/vram-advisor");
    }

    @Test
    void windowsHasAConsoleLauncherForTheCommandLine() throws Exception {
        Path jpackage = Path.of("packaging/jpackage");
        String option = read(jpackage.resolve("windows.args")).lines()
                .filter(line -> line.startsWith("--add-launcher ")).findFirst().orElseThrow();
        assertThat(option).startsWith("--add-launcher vram-advisor-cli=");

        var properties = new java.util.Properties();
        try (var in = Files.newBufferedReader(Path.of(option.substring(option.indexOf('=') + 1)))) {
            properties.load(in);
        }
        assertThat(properties.getProperty("win-console")).isEqualTo("true");
        // It inherits the main launcher's jar, class and options: none overridden.
        assertThat(properties.stringPropertyNames()).doesNotContain("main-jar", "main-class", "java-options");
    }

    private static final Path JPACKAGE = Path.of("packaging/jpackage");

    /** The properties file an args file gives to {@code --file-associations}, which must be there exactly once. */
    private static java.util.Properties fileAssociation(String argsFile) throws Exception {
        List<String> options = read(JPACKAGE.resolve(argsFile)).lines()
                .filter(line -> line.startsWith("--file-associations ")).toList();
        assertThat(options).as(argsFile).hasSize(1);
        Path file = Path.of(options.get(0).substring("--file-associations ".length()).trim());
        var properties = new java.util.Properties();
        try (var in = Files.newBufferedReader(file)) {
            properties.load(in);
        }
        return properties;
    }

    @Test
    void theMsiAndTheMacAppRegisterTheExtensionTheLauncherOpensWithTheLinuxMimeType() throws Exception {
        Element linux = scenarioMimeType();
        String englishComment = linux.getElementsByTagName("comment").item(0).getTextContent();
        // jpackage 17 reads file associations when it builds the .msi (Windows) but when it builds the app image on
        // macOS, where they go into Info.plist: hence the .msi's and the app image's args files.
        for (String args : List.of("windows-msi.args", "mac.args")) {
            var association = fileAssociation(args);
            String extension = association.getProperty("extension");

            assertThat(extension).as(args).doesNotContain(".");
            assertThat(ScenarioFileNames.isScenario("sizing." + extension)).as(args).isTrue();
            assertThat("." + extension).isEqualTo(ScenarioFileNames.EXTENSION);
            assertThat(association.getProperty("mime-type")).as(args).isEqualTo(linux.getAttribute("type"));
            assertThat(association.getProperty("description")).as(args).isEqualTo(englishComment);
            assertThat(Path.of(association.getProperty("icon"))).as(args).isRegularFile();
            // Building a package from an app image, jpackage ignores --file-associations silently without --name
            // (JabRef issue 17006).
            assertThat(read(JPACKAGE.resolve(args)).lines()).as(args).anyMatch(line -> line.startsWith("--name "));
        }
        assertThat(fileAssociation("windows-msi.args").getProperty("icon")).endsWith(".ico");
        assertThat(fileAssociation("mac.args").getProperty("icon")).endsWith(".icns");
    }

    @Test
    void theDebKeepsItsOwnMimeTypeAndMenuEntryInsteadOfJpackagesGeneratedOnes() throws Exception {
        // A --file-associations here would make jpackage write a second MIME type and its own postinst lines beside
        // packaging/linux's.
        for (String args : List.of("linux.args", "linux-deb.args", "app-image.args", "windows.args", "mac-dmg.args")) {
            assertThat(read(JPACKAGE.resolve(args))).as(args).doesNotContain("--file-associations");
        }
    }

    @Test
    void thePackagedRuntimeExportsEveryJavaFxInternalPackageTheApplicationImports() throws Exception {
        // JavaFX is a module in the packaged runtime and the application is on the class path: an internal package
        // it uses without an --add-exports fails there with IllegalAccessError, though the jar and the tests work.
        Set<String> imported = new java.util.TreeSet<>();
        try (var files = Files.walk(Path.of("src/main/java"))) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                read(file).lines().filter(line -> line.startsWith("import com.sun."))
                        .map(line -> line.substring("import ".length(), line.lastIndexOf('.')))
                        .forEach(imported::add);
            }
        }
        String args = read(JPACKAGE.resolve("app-image.args"));

        assertThat(imported).as("the macOS open-files handler").contains("com.sun.glass.ui");
        assertThat(imported).allSatisfy(pkg -> assertThat(args).contains("--java-options --add-exports=javafx.")
                .containsPattern("--add-exports=javafx\\.[a-z]+/" + pkg.replace(".", "\\.") + "=ALL-UNNAMED"));
    }
}
