package com.vramadvisor.app.results;

import com.vramadvisor.engine.llm.Component;

/**
 * One memory component at the peak phase, ready to show.
 *
 * @param component the component
 * @param name      its localised name
 * @param bytes     bytes per GPU at the peak phase
 * @param share     fraction of the peak, 0-1
 * @param sizeText  bytes in the display unit with its label
 * @param shareText the share as a localised percentage
 * @param formula   how the engine computes it, with this scenario's inputs filled in
 * @param tooltip   name, size, exact bytes, share and formula together, for hovering
 */
public record ComponentRow(Component component, String name, long bytes, double share, String sizeText,
                           String shareText, String formula, String tooltip) {
}
