package com.vramadvisor.scenario;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.vramadvisor.json.JsonTrees;

/**
 * The {@code domainWorkloads} object of a scenario file: one object per kind beyond language models, each optional
 * field by field, so a file names only what differs from the defaults and an older file reads with defaults (a file
 * without {@code job} times the default jobs).
 */
final class DomainInputsJson {

    private DomainInputsJson() {
    }

    static ObjectNode write(DomainInputs d) {
        ObjectNode root = JsonTrees.object();
        VisionInputs v = d.vision();
        ObjectNode vision = root.putObject("vision");
        vision.put("preset", v.presetId());
        vision.put("mode", v.mode());
        vision.put("batch", v.batch());
        vision.put("width", v.width());
        vision.put("height", v.height());
        vision.put("precision", v.precision());
        vision.put("optimizer", v.optimizer());
        vision.put("recompute", v.recompute());
        DiffusionInputs f = d.diffusion();
        ObjectNode diffusion = root.putObject("diffusion");
        diffusion.put("preset", f.presetId());
        diffusion.put("mode", f.mode());
        diffusion.put("batch", f.batch());
        diffusion.put("width", f.width());
        diffusion.put("height", f.height());
        diffusion.put("precision", f.precision());
        diffusion.put("attention", f.attention());
        diffusion.put("vaeTiling", f.vaeTiling());
        diffusion.put("offload", f.offload());
        RenderInputs r = d.render();
        ObjectNode render = root.putObject("render");
        render.put("scenePreset", r.scenePresetId());
        render.put("sceneFile", r.sceneFile());
        render.put("width", r.width());
        render.put("height", r.height());
        render.put("viewers", r.viewers());
        MdInputs m = d.md();
        ObjectNode md = root.putObject("md");
        md.put("atoms", m.atoms());
        md.put("potential", m.potential());
        md.put("precision", m.precision());
        md.put("cutoff", m.cutoffAngstrom());
        md.put("gpus", m.gpus());
        GridInputs g = d.grid();
        ObjectNode grid = root.putObject("grid");
        grid.put("cellsX", g.cellsX());
        grid.put("cellsY", g.cellsY());
        grid.put("cellsZ", g.cellsZ());
        grid.put("fields", g.fields());
        grid.put("halo", g.halo());
        grid.put("precision", g.precision());
        grid.put("solver", g.solver());
        grid.put("gpus", g.gpus());
        DomainJob j = d.job();
        ObjectNode job = root.putObject("job");
        job.put("epochs", j.epochs());
        job.put("datasetSize", j.datasetSize());
        job.put("images", j.images());
        job.put("mdSteps", j.mdSteps());
        job.put("gridSteps", j.gridSteps());
        job.put("diffusionImages", j.diffusionImages());
        job.put("samplingSteps", j.samplingSteps());
        job.put("trainingSteps", j.trainingSteps());
        return root;
    }

    /**
     * @throws ScenarioFileException naming the JSON path of a value of the wrong type or out of range
     * @throws IllegalArgumentException for a value a record refuses (an id with spaces), which the codec reports as
     *                                  an invalid value
     */
    static DomainInputs read(JsonReader r) throws ScenarioFileException {
        DomainInputs d = DomainInputs.defaults();
        if (r.has("vision")) {
            JsonReader o = r.object("vision");
            VisionInputs v = d.vision();
            d = d.withVision(new VisionInputs(o.optionalText("preset", v.presetId()), o.optionalText("mode", v.mode()),
                    o.optionalInteger("batch", 1, VisionInputs.MAX_BATCH, v.batch()),
                    o.optionalInteger("width", 8, VisionInputs.MAX_SIDE, v.width()),
                    o.optionalInteger("height", 8, VisionInputs.MAX_SIDE, v.height()),
                    o.optionalText("precision", v.precision()), o.optionalText("optimizer", v.optimizer()),
                    o.optionalBool("recompute", v.recompute())));
        }
        if (r.has("diffusion")) {
            JsonReader o = r.object("diffusion");
            DiffusionInputs f = d.diffusion();
            d = d.withDiffusion(new DiffusionInputs(o.optionalText("preset", f.presetId()),
                    o.optionalText("mode", f.mode()), o.optionalInteger("batch", 1, DiffusionInputs.MAX_BATCH, f.batch()),
                    o.optionalInteger("width", 64, DiffusionInputs.MAX_SIDE, f.width()),
                    o.optionalInteger("height", 64, DiffusionInputs.MAX_SIDE, f.height()),
                    o.optionalText("precision", f.precision()), o.optionalText("attention", f.attention()),
                    o.optionalBool("vaeTiling", f.vaeTiling()), o.optionalText("offload", f.offload())));
        }
        if (r.has("render")) {
            JsonReader o = r.object("render");
            RenderInputs x = d.render();
            d = d.withRender(new RenderInputs(o.optionalText("scenePreset", x.scenePresetId()),
                    o.optionalText("sceneFile", x.sceneFile()),
                    o.optionalInteger("width", 0, RenderInputs.MAX_SIDE, x.width()),
                    o.optionalInteger("height", 0, RenderInputs.MAX_SIDE, x.height()),
                    o.optionalInteger("viewers", 1, RenderInputs.MAX_VIEWERS, x.viewers())));
        }
        if (r.has("md")) {
            JsonReader o = r.object("md");
            MdInputs m = d.md();
            d = d.withMd(new MdInputs(o.optionalLong("atoms", 1, MdInputs.MAX_ATOMS, m.atoms()),
                    o.optionalText("potential", m.potential()), o.optionalText("precision", m.precision()),
                    o.optionalDecimal("cutoff", 0, 100, m.cutoffAngstrom()),
                    o.optionalInteger("gpus", 1, MdInputs.MAX_GPUS, m.gpus())));
        }
        if (r.has("grid")) {
            JsonReader o = r.object("grid");
            GridInputs g = d.grid();
            d = d.withGrid(new GridInputs(o.optionalInteger("cellsX", 1, GridInputs.MAX_SIDE, g.cellsX()),
                    o.optionalInteger("cellsY", 1, GridInputs.MAX_SIDE, g.cellsY()),
                    o.optionalInteger("cellsZ", 1, GridInputs.MAX_SIDE, g.cellsZ()),
                    o.optionalInteger("fields", 1, 1024, g.fields()), o.optionalInteger("halo", 0, 64, g.halo()),
                    o.optionalText("precision", g.precision()), o.optionalText("solver", g.solver()),
                    o.optionalInteger("gpus", 1, GridInputs.MAX_GPUS, g.gpus())));
        }
        if (r.has("job")) {
            JsonReader o = r.object("job");
            DomainJob j = d.job();
            d = d.withJob(new DomainJob(o.optionalInteger("epochs", 1, DomainJob.MAX_EPOCHS, j.epochs()),
                    o.optionalLong("datasetSize", 1, DomainJob.MAX_COUNT, j.datasetSize()),
                    o.optionalLong("images", 1, DomainJob.MAX_COUNT, j.images()),
                    o.optionalLong("mdSteps", 1, DomainJob.MAX_COUNT, j.mdSteps()),
                    o.optionalLong("gridSteps", 1, DomainJob.MAX_COUNT, j.gridSteps()),
                    o.optionalLong("diffusionImages", 1, DomainJob.MAX_COUNT, j.diffusionImages()),
                    o.optionalInteger("samplingSteps", 0, DomainJob.MAX_SAMPLING_STEPS, j.samplingSteps()),
                    o.optionalLong("trainingSteps", 0, DomainJob.MAX_COUNT, j.trainingSteps())));
        }
        return d;
    }
}
