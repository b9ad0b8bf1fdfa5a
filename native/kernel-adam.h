// AdamW's element-wise update and the gradient sum.
// A part of compute-impl.h, included inside its namespace genenv::GENENV_ISA once per instruction set
// (so it has no include guard and no includes of its own).

// AdamW's element-wise update of `count` parameters (the arithmetic of src/models/adam.ts, in its order, in
// double precision with every stored value rounded to float). Each operation is IEEE-exact (multiply, add,
// divide, square root; no contraction), so the vectors the compiler makes of this loop give the scalar's bits.
static void adamUpdate(float* __restrict parameters, const float* __restrict gradients, float* __restrict first,
                       float* __restrict second, int64_t count, const AdamConstants& c) {
  for (int64_t index = 0; index < count; index++) {
    const double gradient = (double)gradients[index] * c.clipScale;
    const float m = (float)(c.beta1 * (double)first[index] + (1 - c.beta1) * gradient);
    const float v = (float)(c.beta2 * (double)second[index] + (1 - c.beta2) * gradient * gradient);
    first[index] = m;
    second[index] = v;
    const double update = (double)m / c.correction1 / (std::sqrt((double)v / c.correction2) + c.epsilon);
    const double parameter = parameters[index];
    parameters[index] = (float)(parameter - c.learningRate * (update + c.weightDecay * parameter));
  }
}

// A float sum is IEEE-exact, so the vectors the compiler makes of this loop give the scalar's bits (and JavaScript's,
// whose double sum of two floats rounds to the same float).
static void addInto(float* __restrict target, const float* __restrict source, int64_t count) {
  for (int64_t index = 0; index < count; index++) target[index] = target[index] + source[index];
}
