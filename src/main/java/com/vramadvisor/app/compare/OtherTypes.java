package com.vramadvisor.app.compare;

import com.vramadvisor.app.domain.DomainSizer;
import com.vramadvisor.app.domain.DomainTexts;
import com.vramadvisor.app.results.ResultsMessages;
import com.vramadvisor.engine.core.MemoryPart;
import com.vramadvisor.engine.core.Sizable;
import com.vramadvisor.engine.core.SizedEstimate;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.scenario.ScenarioInputs;
import com.vramadvisor.scenario.SizeUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The comparison's columns and lines for scenarios of the workload types beyond language models: type, subject,
 * peak, fit and one line per part (by the part's id, named as the breakdown names it), never the language-model
 * inputs such a scenario also carries.
 */
final class OtherTypes {

    private final DomainSizer domain;
    private final ResultsMessages messages;

    OtherTypes(DomainSizer domain, ResultsMessages messages) {
        this.domain = domain;
        this.messages = messages;
    }

    /** The scenario's estimate through its type's estimator; {@code null} when it has none or refuses the inputs. */
    SizedEstimate estimate(ScenarioInputs in) {
        try {
            return domain.build(in).map(Sizable::estimate).orElse(null);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** A column of a type beyond language models: its peak and fit; its parts are listed as lines below. */
    CompareColumn column(PinnedScenario p, ScenarioInputs in, SizedEstimate e, GpuSpec gpu) {
        String title = p == null ? messages.get("compare.column.current")
                : p.name().isEmpty() ? messages.get("compare.column.pinned", p.number()) : p.name();
        long capacity = gpu == null ? 0 : gpu.memoryBytesUsable();
        String capacityText = gpu == null ? "" : messages.get("results.breakdown.capacity.marker",
                messages.size(capacity, in.sizeUnit()));
        if (e == null) {
            return new CompareColumn(p, title, messages.get("domain.results.kind." + in.kind().id()), List.of(), 0,
                    messages.get("compare.rejected"), capacity, capacityText, false);
        }
        return new CompareColumn(p, title, e.subject(), List.of(), e.peakBytes(),
                messages.size(e.peakBytes(), in.sizeUnit()), capacity, capacityText,
                gpu == null || e.peakBytes() <= capacity);
    }

    /** Type and subject of each column, for a comparison that is not all language models. */
    List<CompareRow> inputRows(List<ScenarioInputs> inputs, List<CompareColumn> cols) {
        List<String> types = new ArrayList<>();
        List<String> subjects = new ArrayList<>();
        for (int i = 0; i < inputs.size(); i++) {
            ScenarioInputs in = inputs.get(i);
            types.add(in.languageModel() ? messages.get("compare.type.llm")
                    : messages.get("domain.results.kind." + in.kind().id()));
            subjects.add(cols.get(i).subtitle());
        }
        return List.of(ScenarioTexts.row(CompareRow.Section.INPUTS, messages.get("compare.input.type"), types),
                ScenarioTexts.row(CompareRow.Section.INPUTS, messages.get("compare.input.subject"), subjects));
    }

    /** One line per part of the domain estimates, by the part's label, in the order the parts first appear. */
    List<CompareRow> partLines(List<SizedEstimate> estimates, SizeUnit unit) {
        Map<String, String> labels = new LinkedHashMap<>();
        for (SizedEstimate e : estimates) {
            if (e != null) {
                for (MemoryPart part : e.parts()) {
                    labels.putIfAbsent(part.id(), DomainTexts.part(part, messages.locale()));
                }
            }
        }
        List<CompareRow> lines = new ArrayList<>();
        for (Map.Entry<String, String> label : labels.entrySet()) {
            List<String> values = new ArrayList<>();
            for (SizedEstimate e : estimates) {
                boolean has = e != null && e.parts().stream().anyMatch(p -> p.id().equals(label.getKey()));
                values.add(has ? messages.size(e.part(label.getKey()), unit) : ScenarioTexts.NONE);
            }
            lines.add(ScenarioTexts.row(CompareRow.Section.COMPONENTS, label.getValue(), values));
        }
        return lines;
    }
}
