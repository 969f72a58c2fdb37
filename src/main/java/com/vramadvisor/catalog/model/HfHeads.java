package com.vramadvisor.catalog.model;

import com.fasterxml.jackson.databind.JsonNode;
import com.vramadvisor.engine.llm.HeadKind;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.files.UntrustedText;

import java.util.Set;

/**
 * Decides the head from the class named in {@code architectures}, as Hugging Face builds it.
 * <ul>
 *   <li>{@code *ForCausalLM}, {@code *LMHeadModel}, {@code *ForMaskedLM}, {@code *ForPreTraining}, and the
 *       vision-language {@code *ForConditionalGeneration} (Gemma 3, Llama 4, Llama 3.2 Vision, Qwen2.5-VL):
 *       language-model head.</li>
 *   <li>{@code *ForSequenceClassification}, {@code *ForTokenClassification}, {@code *ForQuestionAnswering}: classifier
 *       with {@code num_labels} outputs, i.e. the size of {@code id2label} when given, else {@code num_labels}, else 2
 *       ({@code PretrainedConfig}'s default); {@code *ForMultipleChoice}: one output;
 *       {@code *ForNextSentencePrediction}: two.</li>
 *   <li>A bare {@code *Model}: no head.</li>
 * </ul>
 * BERT and RoBERTa put an {@code h x h} pooler with bias on the first token where their modeling code passes
 * {@code add_pooling_layer=True}: {@code BertModel}, {@code BertForPreTraining}, {@code BertForSequenceClassification},
 * {@code BertForMultipleChoice}, {@code BertForNextSentencePrediction}; {@code RobertaModel},
 * {@code RobertaForMultipleChoice}. {@code RobertaForSequenceClassification} has no pooler but a
 * {@code RobertaClassificationHead} whose {@code dense} layer has the pooler's shape, so it is described as one.
 */
final class HfHeads {

    private static final Set<String> POOLER_FAMILIES = Set.of("bert", "roberta");

    private HfHeads() {
    }

    /** Sets head, classifier outputs and pooler on {@code b} for the architecture class {@code arch}. */
    static void apply(ConfigFields c, String arch, ModelSpec.Builder b) throws ModelImportException {
        boolean poolerFamily = POOLER_FAMILIES.contains(c.modelType());
        if (arch == null) {
            c.warn("no 'architectures' entry; assumed a language-model head");
            b.head(HeadKind.LM);
            return;
        }
        if (arch.endsWith("ForCausalLM") || arch.endsWith("LMHeadModel") || arch.endsWith("ForMaskedLM")
                || arch.endsWith("ForConditionalGeneration")) {
            b.head(HeadKind.LM);
        } else if (arch.endsWith("ForPreTraining")) {
            b.head(HeadKind.LM).pooler(poolerFamily);
            if (poolerFamily) {
                c.warn(arch + " also has a next-sentence head (2h + 2 parameters) that is not counted");
            }
        } else if (arch.endsWith("ForSequenceClassification")) {
            b.head(HeadKind.CLASSIFIER).classifierOutputs(labels(c)).pooler(poolerFamily);
        } else if (arch.endsWith("ForTokenClassification") || arch.endsWith("ForQuestionAnswering")) {
            b.head(HeadKind.CLASSIFIER).classifierOutputs(labels(c));
        } else if (arch.endsWith("ForMultipleChoice")) {
            b.head(HeadKind.CLASSIFIER).classifierOutputs(1).pooler(poolerFamily);
        } else if (arch.endsWith("ForNextSentencePrediction")) {
            b.head(HeadKind.CLASSIFIER).classifierOutputs(2).pooler(poolerFamily);
        } else if (arch.endsWith("DoubleHeadsModel")) {
            b.head(HeadKind.LM);
            c.warn(arch + " also has a multiple-choice head (h + 1 parameters) that is not counted");
        } else if (arch.endsWith("Model")) {
            b.head(HeadKind.NONE).pooler(poolerFamily);
        } else {
            throw c.error("architecture '" + UntrustedText.escape(arch) + "' in 'architectures' is not supported");
        }
    }

    /** {@code num_labels} as {@code PretrainedConfig} derives it. */
    static int labels(ConfigFields c) throws ModelImportException {
        JsonNode id2label = c.find("id2label");
        if (id2label != null && id2label.isObject() && id2label.size() > 0) {
            return id2label.size();
        }
        int labels = c.intOr(2, "num_labels");
        if (labels < 1) {
            throw c.error("field 'num_labels' must be at least 1, got " + labels);
        }
        return labels;
    }
}
