package com.vramadvisor.cli;

/** An output that could not be written: reported in one line with exit status 1. */
final class CliOutputException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    CliOutputException(String message) {
        super(message);
    }
}
