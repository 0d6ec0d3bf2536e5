// frame.cpp: ParseFrame, FrameText, FrameOf, StateOf (frame.h).
#include "sdk/colorfight/frame.h"
