#include <xkbcommon/xkbcommon.h>
