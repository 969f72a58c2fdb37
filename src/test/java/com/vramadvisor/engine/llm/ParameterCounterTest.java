package com.vramadvisor.engine.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/**
 * Exact parameter counts against published figures. "HF safetensors total" is the {@code safetensors.total} field
 * of the Hugging Face model API (the sum of all stored tensors); "GGUF parameter_count" is llama.cpp's
 * {@code general.parameter_count} metadata of the model's GGUF conversion; both are reproduced in public code.
 */
class ParameterCounterTest {

    @Test
    void gpt2HasTheParameterCountOfGpt2LmHeadModel() {
        // 124,439,808: sum(p.numel()) of transformers' GPT2LMHeadModel("gpt2"), tied head counted once
        // (e.g. hiq print_model output "GPT2LMHeadModel<all params:124439808>", blocks 7,087,872 x 12).
        ParameterCount c = ParameterCounter.count(PublicModels.gpt2());
        assertThat(c.total()).isEqualTo(124_439_808L);
        assertThat(c.blocks()).isEqualTo(12 * 7_087_872L);
        assertThat(c.active()).isEqualTo(c.total());
    }

    @Test
    void bertBaseModelWithPoolerHasItsPublishedCount() {
        // 109,482,240: BertModel.from_pretrained("bert-base-uncased"), e.g. TFBertModel summaries and tests that
        // compare against it exactly.
        assertThat(ParameterCounter.count(PublicModels.bertBase()).total()).isEqualTo(109_482_240L);
    }

    @Test
    void bertForMaskedLmAddsTransformNormAndVocabularyBiasButNoSecondTable() {
        // Keras summary of TF BERT with its MLM head: mlm___cls (TFBertMLMHead) 24,459,834, a figure that includes
        // the shared embeddings layer it reuses as decoder (word 30522 x 768, position 512 x 768, token type
        // 2 x 768 and LayerNorm 2 x 768 = 23,837,184). BertForMaskedLM itself has no pooler.
        ModelSpec mlm = PublicModels.bertBase().toBuilder().pooler(false).head(HeadKind.LM).build();
        long sharedEmbeddings = 30_522L * 768 + 512 * 768 + 2 * 768 + 2 * 768;
        long pooler = 768L * 768 + 768;
        assertThat(ParameterCounter.count(mlm).total())
                .isEqualTo(109_482_240L - pooler + (24_459_834L - sharedEmbeddings));
    }

    @Test
    void llama2CountsEqualTheSafetensorsTotalsLessTheStoredRotaryBuffers() {
        // HF safetensors totals: Llama-2-7b-hf 6,738,417,664; -13b-hf 13,015,866,880; -70b-hf 68,976,653,312.
        // These checkpoints also store rotary_emb.inv_freq (head_dim / 2 = 64 floats per layer), which is a buffer,
        // not a parameter.
        assertThat(ParameterCounter.count(PublicModels.llama2_7b()).total()).isEqualTo(6_738_415_616L)
                .isEqualTo(6_738_417_664L - 32 * 64);
        assertThat(ParameterCounter.count(PublicModels.llama2_13b()).total()).isEqualTo(13_015_864_320L)
                .isEqualTo(13_015_866_880L - 40 * 64);
        assertThat(ParameterCounter.count(PublicModels.llama2_70b()).total()).isEqualTo(68_976_648_192L)
                .isEqualTo(68_976_653_312L - 80 * 64);
    }

    @Test
    void llama3_8bHasItsPublishedCount() {
        // 8,030,261,248: HF safetensors total of meta-llama/Llama-3.1-8B (same shapes as Llama-3-8B) and GGUF
        // general.parameter_count of Llama 3 8B conversions.
        ParameterCount c = ParameterCounter.count(PublicModels.llama3_8b());
        assertThat(c.total()).isEqualTo(8_030_261_248L);
        assertThat(c.embedding()).isEqualTo(128_256L * 4096);
        assertThat(c.head()).isEqualTo(128_256L * 4096);
    }

    @Test
    void mistral7bHasItsPublishedCount() {
        // 7,241,732,096: GGUF general.parameter_count of Mistral-7B conversions.
        assertThat(ParameterCounter.count(PublicModels.mistral7b()).total()).isEqualTo(7_241_732_096L);
    }

    @Test
    void mixtralCountsAllExpertsInTheTotalAndTwoInTheActiveCount() {
        // 46,702,792,704: HF safetensors total of mistralai/Mixtral-8x7B-Instruct-v0.1 (also KerasHub's preset
        // metadata). Active: Mistral AI's announcement "uses only 12.9B parameters per token"; exactly the total
        // less 6 of 8 experts per layer (3 * 4096 * 14336 each, 32 layers).
        ParameterCount c = ParameterCounter.count(PublicModels.mixtral8x7b());
        assertThat(c.total()).isEqualTo(46_702_792_704L);
        long expert = 3L * 4096 * 14336;
        assertThat(c.active()).isEqualTo(46_702_792_704L - 6 * expert * 32);
        assertThat(c.active() / 1e9).isCloseTo(12.9, within(0.05));
    }

    @Test
    void mixtralsRoutedExpertsAreFourFifthsOfThePublishedTotalLessTheActiveShare() {
        // Published total 46,702,792,704 less 1.6B of attention, routers, norms and embeddings (Mistral AI: "47B
        // total, 13B active"): the 8 experts of 32 layers are 8/6 of the total-less-active difference.
        long routed = ParameterCounter.routedExpertParams(PublicModels.mixtral8x7b());
        assertThat(routed * 6 / 8).isEqualTo(46_702_792_704L - 12_879_925_248L);
        assertThat(ParameterCounter.routedExpertParams(PublicModels.mistral7b())).isZero();
    }

    @Test
    void gemma7bWithWideHeadsAndTiedEmbeddingsHasItsPublishedCount() {
        // 8,537,680,896: KerasHub preset metadata for gemma_7b_en ("params": 8537680896).
        assertThat(ParameterCounter.count(PublicModels.gemma7b()).total()).isEqualTo(8_537_680_896L);
    }

    @Test
    void qwen25_7bWithQkvBiasesHasItsPublishedCount() {
        // 7,615,616,512: GGUF general.parameter_count of Qwen2.5-7B conversions.
        assertThat(ParameterCounter.count(PublicModels.qwen25_7b()).total()).isEqualTo(7_615_616_512L);
    }

    @Test
    void phi3MiniHasItsPublishedCount() {
        // 3,821,079,552: HF safetensors total of microsoft/Phi-3-mini-4k-instruct (also KerasHub phi3 preset).
        assertThat(ParameterCounter.count(PublicModels.phi3mini()).total()).isEqualTo(3_821_079_552L);
    }

    @Test
    void falcon7bMatchesItsSafetensorsFilesWhichStoreTheTiedHeadTwice() {
        // tiiuae/falcon-7b safetensors shards: 9.95 GB + 4.48 GB (HF file listing, rounded to 10 MB), bf16. The
        // checkpoint stores lm_head.weight as well as the tied word embeddings, so the files hold
        // count + 65024 * 4544 elements of 2 bytes.
        long count = ParameterCounter.count(PublicModels.falcon7b()).total();
        assertThat(count).isEqualTo(6_921_720_704L);
        double storedGb = 2.0 * (count + 65_024L * 4544) / 1e9;
        assertThat(storedGb).isCloseTo(9.95 + 4.48, within(0.011));
    }

    @Test
    void opt1_3bKeepsTwoExtraPositionRows() {
        // 1,315,758,080: sum(p.numel()) of the OPT-1.3B actor printed by DeepSpeed-Chat's memory planner
        // ("[pre-LoRA] num params: 1,315,758,080").
        assertThat(ParameterCounter.count(PublicModels.opt1_3b()).total()).isEqualTo(1_315_758_080L);
    }

    @Test
    void pythiaNonEmbeddingCountsMatchThePaper() {
        // Biderman et al. 2023 (Pythia), Table 1, non-embedding parameters: 160M 85,056,000; 1.4B 1,208,602,624;
        // 6.9B 6,444,163,072. Non-embedding here = all but the input table and the untied output table.
        ModelSpec p160 = PublicModels.pythia(768, 12, 12);
        ModelSpec p1400 = PublicModels.pythia(2048, 24, 16);
        ModelSpec p6900 = PublicModels.pythia(4096, 32, 32);
        assertThat(nonEmbeddingPythia(p160)).isEqualTo(85_056_000L);
        assertThat(nonEmbeddingPythia(p1400)).isEqualTo(1_208_602_624L);
        assertThat(nonEmbeddingPythia(p6900)).isEqualTo(6_444_163_072L);
    }

    private static long nonEmbeddingPythia(ModelSpec m) {
        ParameterCount c = ParameterCounter.count(m);
        return c.total() - c.embedding() - 50_304L * m.hiddenSize();
    }

    @Test
    void deepseekMoeCountsSharedExpertsAndTheDenseFirstLayer() {
        // Dai et al. 2024 (DeepSeekMoE), Table: 16.4B total, 2.8B activated; exactly 16,375,728,128 total and
        // 2,828,650,496 active (embedding 419,430,400) in public benchmark metadata of deepseek-moe-16b-base.
        ParameterCount c = ParameterCounter.count(PublicModels.deepseekMoe16b());
        assertThat(c.total()).isEqualTo(16_375_728_128L);
        assertThat(c.active()).isEqualTo(2_828_650_496L);
        assertThat(c.embedding()).isEqualTo(102_400L * 2048);
    }

    @Test
    void classifierHeadAddsHiddenTimesOutputsPlusBias() {
        ModelSpec classifier = PublicModels.bertBase().toBuilder().head(HeadKind.CLASSIFIER).classifierOutputs(2)
                .build();
        assertThat(ParameterCounter.count(classifier).total()).isEqualTo(109_482_240L + 768 * 2 + 2);
    }

    @Test
    void loraAdaptersOfOpt1_3bMatchDeepSpeedChat() {
        // DeepSpeed-Chat, same printout: rank-128 LoRA on q, k, v, out, fc1, fc2 of OPT-1.3B "adds 113,246,208".
        LoraSpec lora = new LoraSpec(128, LoraSpec.ALL_LINEAR);
        assertThat(StageParams.loraTotal(PublicModels.opt1_3b(), lora)).isEqualTo(113_246_208.0);
    }
}
