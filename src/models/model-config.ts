import { z } from 'zod';

/** Shape of the built-in decoder-only transformer (Llama-style block: RMSNorm, rotary, SwiGLU). */
export const ModelConfigSchema = z
  .object({
    /** Token ids are 0..vocabSize-1 (bytes, specials, BPE merges). */
    vocabSize: z.number().int().min(2).max(65536),
    /** Residual width d. */
    modelWidth: z.number().int().min(4).max(4096),
    layers: z.number().int().min(1).max(64),
    heads: z.number().int().min(1).max(64),
    /** SwiGLU hidden width. */
    hiddenWidth: z.number().int().min(2).max(16384),
    /** Longest sequence (prompt + response) in tokens. */
    contextLength: z.number().int().min(2).max(8192),
    /** Rotary base θ. */
    ropeBase: z.number().positive().default(10000),
    /** RMSNorm ε. */
    normEpsilon: z.number().positive().default(1e-5),
    /**
     * The output head reuses the token embedding (logits = h·Eᵀ, as GPT-2). A token read in the prompt
     * and the same token written then share one vector, which makes copying values much easier to learn.
     */
    tieEmbeddings: z.boolean().default(false),
    /**
     * A copy head (pointer-generator): the next token is drawn from a mixture of the vocabulary softmax and a
     * pointer over the tokens so far, so a value in the prompt can be written by pointing at it (copy-head.ts).
     */
    copyHead: z.boolean().default(false),
  })
  .refine((config) => config.modelWidth % config.heads === 0 && (config.modelWidth / config.heads) % 2 === 0, {
    message: 'modelWidth must be a multiple of heads and give an even head width',
  });

export type ModelConfig = z.infer<typeof ModelConfigSchema>;

/** Width of one attention head. */
export function headWidth(config: ModelConfig): number {
  return config.modelWidth / config.heads;
}
