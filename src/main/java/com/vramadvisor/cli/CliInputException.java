package com.vramadvisor.cli;

/** Bad input that the user must fix: reported in one line with exit status 2. */
final class CliInputException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    CliInputException(String message) {
        super(message);
    }
}
