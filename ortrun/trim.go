package ortrun

/*
#include <malloc.h>
*/
import "C"

// releaseFreedMemory hands the C heap's free pages back to the system
// (glibc's malloc_trim). ONNX Runtime frees a whole session's weights and
// buffers at once when one is destroyed; without this glibc keeps them, and
// the process's resident size stays at its peak for the rest of the run.
func releaseFreedMemory() { C.malloc_trim(0) }
