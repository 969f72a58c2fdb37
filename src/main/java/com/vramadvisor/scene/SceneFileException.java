package com.vramadvisor.scene;

/**
 * A scene file that cannot be used. {@link #getMessage()} is one English line naming the place (a JSON path such as
 * {@code $.textures[2].format}) and the problem, without the file name, which the caller adds.
 */
public final class SceneFileException extends Exception {

    private static final long serialVersionUID = 1L;

    public SceneFileException(String message, Throwable cause) {
        super(message, cause);
    }

    public SceneFileException(String message) {
        super(message);
    }
}
