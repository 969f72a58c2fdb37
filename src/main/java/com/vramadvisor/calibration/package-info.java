/**
 * Calibration profiles: the CUDA context and allocator fragmentation fitted to one measured run, read and written
 * as small JSON files. The fit itself is {@link com.vramadvisor.engine.allocator.AllocatorFit}.
 */
package com.vramadvisor.calibration;
