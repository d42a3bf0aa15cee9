#include <wayland-server-core.h>
