package com.vramadvisor.app.scenario;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Objects;

/**
 * Linear undo/redo over immutable states: recording a new state after an undo drops the redo branch, as in every
 * editor. Keeps at most {@code limit} past states.
 *
 * @param <T> an immutable state with value equality
 */
public final class UndoHistory<T> {

    private final Deque<T> past = new ArrayDeque<>();
    private final Deque<T> future = new ArrayDeque<>();
    private final int limit;
    private T current;

    public UndoHistory(T initial, int limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be at least 1");
        }
        this.current = Objects.requireNonNull(initial);
        this.limit = limit;
    }

    /** Makes {@code state} the current state; the previous one becomes undoable. Equal states are ignored. */
    public void record(T state) {
        if (state.equals(current)) {
            return;
        }
        past.push(current);
        while (past.size() > limit) {
            past.removeLast();
        }
        current = state;
        future.clear();
    }

    /** Replaces the current state without making the old one undoable (a change that is not an edit). */
    public void replaceCurrent(T state) {
        current = Objects.requireNonNull(state);
    }

    /** Forgets all history and starts over from {@code state}. */
    public void reset(T state) {
        past.clear();
        future.clear();
        current = Objects.requireNonNull(state);
    }

    public boolean canUndo() {
        return !past.isEmpty();
    }

    public boolean canRedo() {
        return !future.isEmpty();
    }

    public T current() {
        return current;
    }

    /** Steps back and returns the state to restore. */
    public T undo() {
        if (past.isEmpty()) {
            throw new IllegalStateException("nothing to undo");
        }
        future.push(current);
        current = past.pop();
        return current;
    }

    /** Steps forward again and returns the state to restore. */
    public T redo() {
        if (future.isEmpty()) {
            throw new IllegalStateException("nothing to redo");
        }
        past.push(current);
        current = future.pop();
        return current;
    }
}
