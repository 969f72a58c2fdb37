package com.vramadvisor.scenario;

/**
 * What the user is told when a scenario file cannot be opened or saved, already in their language.
 *
 * @param header  one line naming what failed ("Could not open scenario")
 * @param message what is wrong and what was kept ("... was written by a newer version ...")
 * @param detail  where in the file, for the dialog's expandable details
 */
public record FileProblem(String header, String message, String detail) {
}
