/**
 * Device memory of HPC simulations: molecular dynamics ({@link com.vramadvisor.engine.hpc.MdSystem}, LAMMPS KOKKOS
 * and GPU package style: per-atom arrays, ghost shells, neighbour lists, PPPM grids, each potential's scratch) and
 * structured grids with optional sparse solvers ({@link com.vramadvisor.engine.hpc.GridProblem}: fields, halos, CSR
 * matrices, Krylov vectors, HPCG's reference footprint). Both split over GPUs by
 * {@link com.vramadvisor.engine.hpc.DomainSplit}. Depends on {@code engine.core} only; formulas and sources are in
 * {@code docs/estimation-hpc.md}.
 */
package com.vramadvisor.engine.hpc;
