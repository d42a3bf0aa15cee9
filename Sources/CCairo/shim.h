#include <cairo.h>
// pixman, which cairo draws with: coverage ink is composited with pixman directly (a solid
// colour through an A8 mask), because cairo_mask allocates on every call (InkLayer's strips).
#include <pixman.h>
