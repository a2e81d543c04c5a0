// crts.h switches between its host and CPE halves on __sw_host__ and
// __sw_slave__; the emulation compiles both halves for the host.
#pragma once

#include "athread.h"
#include "slave.h"
