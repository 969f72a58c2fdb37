package com.vramadvisor.cli;

import com.vramadvisor.engine.core.Sizable;
import com.vramadvisor.engine.core.WorkloadKind;

/** How the command line builds one workload kind beyond language models from its flags. */
interface DomainCli {

    WorkloadKind kind();

    /**
     * The workload the flags describe.
     *
     * @throws CliInputException with one line naming the flag and the problem when a value is missing or invalid,
     *                           or a flag that means nothing to this kind was typed
     */
    Sizable build(DomainRequest request);
}
