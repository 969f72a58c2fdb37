package com.vramadvisor.report;

import java.nio.file.Path;

import com.vramadvisor.files.AtomicFiles;
import com.vramadvisor.files.AtomicFiles.MissingFolder;
import com.vramadvisor.files.FileWriteException;

/** How every report writer puts its file on the disk: atomically, into a folder that must already exist. */
final class ReportFiles {

    private ReportFiles() {
    }

    /**
     * A missing folder is refused rather than created: the path comes from the user, and a folder that is not there
     * is far more often a typo than a wish.
     *
     * @throws ReportWriteException naming the file and the reason, in every report language; the earlier file, if
     *                              any, is intact
     */
    static void write(Path target, AtomicFiles.Content content) throws ReportWriteException {
        try {
            AtomicFiles.write(target, MissingFolder.REFUSE, content);
        } catch (FileWriteException e) {
            throw new ReportWriteException(e);
        }
    }
}
