#include "colorfight/builtin_bots.h"
