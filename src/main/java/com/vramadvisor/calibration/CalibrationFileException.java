package com.vramadvisor.calibration;

/** A calibration profile that cannot be read; the message says what is wrong, after the file's name. */
public final class CalibrationFileException extends Exception {

    private static final long serialVersionUID = 1L;

    public CalibrationFileException(String message) {
        super(message);
    }
}
