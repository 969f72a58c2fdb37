/**
 * What every estimator outside the transformer engine speaks: the workload kinds, the named memory parts of an
 * estimate, the axis a workload grows along, and the inverse search. Domain packages ({@code engine.vision},
 * {@code engine.diffusion}, {@code engine.render}, {@code engine.hpc}) depend on this package only; the command line,
 * the decision table and the reports see them through {@link com.vramadvisor.engine.core.Sizable}.
 */
package com.vramadvisor.engine.core;
