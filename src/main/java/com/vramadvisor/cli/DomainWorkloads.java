package com.vramadvisor.cli;

import com.vramadvisor.engine.core.WorkloadKind;
import java.util.List;
import java.util.Optional;

/** The workload kinds beyond language models the command line builds, one {@link DomainCli} each. */
final class DomainWorkloads {

    private static final List<DomainCli> KINDS = List.of(new VisionCli(), new DiffusionCli(), new RenderCli(),
            new MdCli(), new GridCli());

    private DomainWorkloads() {
    }

    /** Every kind, in the order of {@link WorkloadKind}'s documentation. */
    static List<DomainCli> all() {
        return KINDS;
    }

    static Optional<DomainCli> of(WorkloadKind kind) {
        return KINDS.stream().filter(k -> k.kind() == kind).findFirst();
    }
}
