// models/default.model, embedded byte for byte at compile time (C23 #embed, clang >= 19),
// so the toolkit carries its default classifier wherever it runs. Rebuilt when the file
// changes: clang lists embedded files among the object's dependencies.
#include "DefaultModelData.h"

static const unsigned char model[] = {
#embed "../../models/default.model"
};

const unsigned char *default_model_bytes(void) { return model; }

size_t default_model_size(void) { return sizeof model; }
