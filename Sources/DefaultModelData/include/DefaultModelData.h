#ifndef DEFAULT_MODEL_DATA_H
#define DEFAULT_MODEL_DATA_H

#include <stddef.h>

/// The bytes of models/default.model, embedded when the library is compiled.
const unsigned char *default_model_bytes(void);
/// Their count.
size_t default_model_size(void);

#endif
