package com.vramadvisor.cli;

import java.util.List;

/** RFC 4180 lines: fields with commas, quotes or line breaks are quoted, quotes doubled, CRLF line ends. */
final class Csv {

    private Csv() {
    }

    static String line(List<String> cells) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < cells.size(); i++) {
            if (i > 0) {
                s.append(',');
            }
            String c = cells.get(i) == null ? "" : cells.get(i);
            if (c.indexOf(',') >= 0 || c.indexOf('"') >= 0 || c.indexOf('\n') >= 0 || c.indexOf('\r') >= 0) {
                s.append('"').append(c.replace("\"", "\"\"")).append('"');
            } else {
                s.append(c);
            }
        }
        return s.append("\r\n").toString();
    }
}
