package com.vramadvisor.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/** The walls between layers: engine pure, view-models free of scene graph, no stray console output or network. */
@AnalyzeClasses(packages = "com.vramadvisor", importOptions = ImportOption.DoNotIncludeTests.class)
class LayeringTest {

    @ArchTest
    static final ArchRule engineHasNoJavaFxAndNoIo = noClasses()
            .that().resideInAPackage("com.vramadvisor.engine..")
            .should().dependOnClassesThat().resideInAnyPackage(
                    "javafx..", "java.io..", "java.nio.file..", "java.net..", "com.fasterxml..",
                    "com.vramadvisor.catalog..", "com.vramadvisor.report..", "com.vramadvisor.cli..",
                    "com.vramadvisor.app..")
            .because("the engine is a pure library: records in, records out");

    @ArchTest
    static final ArchRule theCoreEngineDoesNotKnowTheServingEngines = noClasses()
            .that().resideInAPackage("com.vramadvisor.engine.llm")
            .should().dependOnClassesThat().resideInAPackage("com.vramadvisor.engine.serving..")
            .because("serving engines build on the language-model estimator, which sees only the workload's knobs");

    @ArchTest
    static final ArchRule languageModelsAreOneKindBesideTheOthers = classes()
            .that().resideInAPackage("com.vramadvisor.engine")
            .should().resideInAPackage("com.vramadvisor.engine.llm")
            .allowEmptyShould(true)
            .because("the language-model estimator lives in its own package, as each other workload kind does");

    @ArchTest
    static final ArchRule domainEstimatorsSpeakTheCoreOnly = classes()
            .that().resideInAnyPackage("com.vramadvisor.engine.core..", "com.vramadvisor.engine.vision..",
                    "com.vramadvisor.engine.diffusion..", "com.vramadvisor.engine.render..",
                    "com.vramadvisor.engine.hpc..")
            .should().onlyDependOnClassesThat().resideInAnyPackage("com.vramadvisor.engine.core..",
                    "com.vramadvisor.engine.vision..", "com.vramadvisor.engine.diffusion..",
                    "com.vramadvisor.engine.render..", "com.vramadvisor.engine.hpc..", "java..")
            .because("each workload kind beyond language models is one estimator over the shared core types");

    @ArchTest
    static final ArchRule onlyTheAppUsesJavaFx = noClasses()
            .that().resideInAnyPackage("com.vramadvisor.catalog..", "com.vramadvisor.report..",
                    "com.vramadvisor.cli..", "com.vramadvisor.scenario..", "com.vramadvisor.files..")
            .should().dependOnClassesThat().resideInAPackage("javafx..")
            .because("the CLI and reports run headless and never start the JavaFX toolkit");

    @ArchTest
    static final ArchRule filesStandsBelowEveryLayer = classes()
            .that().resideInAPackage("com.vramadvisor.files..")
            .should().onlyDependOnClassesThat().resideInAnyPackage("com.vramadvisor.files..", "java..")
            .because("reports, scenarios, settings and the window snapshot all write through it");

    @ArchTest
    static final ArchRule figuresStandBelowEveryFrontEnd = classes()
            .that().resideInAPackage("com.vramadvisor.figures..")
            .should().onlyDependOnClassesThat().resideInAnyPackage("com.vramadvisor.figures..",
                    "com.vramadvisor.engine.ranking..", "com.vramadvisor.engine.core..", "java..")
            .because("the command line, the window and the reports show durations and money through it, at the"
                    + " precision the ranking compares job costs at");

    @ArchTest
    static final ArchRule viewModelsDoNotTouchTheSceneGraph = noClasses()
            .that().haveSimpleNameEndingWith("ViewModel")
            .should().dependOnClassesThat().resideInAnyPackage("javafx.scene..", "javafx.stage..")
            .orShould().dependOnClassesThat().haveSimpleNameEndingWith("View")
            .because("view-models hold properties only and are tested without the toolkit");

    @ArchTest
    static final ArchRule noConsoleOutsideCli = noClasses()
            .that().resideOutsideOfPackages("com.vramadvisor.cli..", "com.vramadvisor")
            .should().accessField(System.class, "out")
            .orShould().accessField(System.class, "err")
            .because("only the command line talks to the console");

    @ArchTest
    static final ArchRule noNetwork = noClasses()
            // The one exception: a later launch hands its scenario file to the open window over the loopback address
            // (WindowHandoff, ADR 23); WindowHandoffTest checks it listens on loopback only.
            .that().doNotHaveFullyQualifiedName("com.vramadvisor.app.open.WindowHandoff")
            .should().dependOnClassesThat().resideInAnyPackage("java.net.http..")
            .orShould().dependOnClassesThat().haveFullyQualifiedName("java.net.Socket")
            .orShould().dependOnClassesThat().haveFullyQualifiedName("java.net.HttpURLConnection")
            .orShould().dependOnClassesThat().haveFullyQualifiedName("java.net.ServerSocket")
            .because("the application works fully offline");

    @ArchTest
    static final ArchRule noPackageCycles = slices().matching("com.vramadvisor.(*)..").should().beFreeOfCycles();

    @ArchTest
    static final ArchRule mainStaysFreeOfJavaFx = classes()
            .that().haveFullyQualifiedName("com.vramadvisor.Main")
            .should().onlyDependOnClassesThat().resideOutsideOfPackage("javafx..")
            .because("with arguments the jar is the CLI and must not load the toolkit");
}
