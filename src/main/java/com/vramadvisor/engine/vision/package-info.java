/**
 * Vision models: image classifiers (ResNet, VGG, EfficientNet, ConvNeXt) and vision transformers (ViT), training and
 * inference. Each model is a layer table built from its architecture ({@link com.vramadvisor.engine.vision.VisionModel}),
 * from which parameters, the tensors autograd keeps for backward and the inference working set follow;
 * {@link com.vramadvisor.engine.vision.VisionWorkload} is the {@link com.vramadvisor.engine.core.Sizable} the command
 * line and the decision table size. Formulas and sources: {@code docs/estimation-vision.md}.
 */
package com.vramadvisor.engine.vision;
