/* OpenSSL's libcrypto, for SHA-256 through its EVP interface, which uses the CPU's SHA
   instructions where there are some. */
#include <openssl/evp.h>
