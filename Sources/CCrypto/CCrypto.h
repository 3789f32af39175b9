/* OpenSSL's libcrypto, for SHA-256 through its EVP interface, which uses the CPU's SHA
   instructions where there are some. It is not linked but loaded with dlopen on the first hash
   (see CryptoLibrary): linking mapped and relocated it in every window, command and decoder
   at start, about 1.4 MB, 400 KB of it written, where only importing and checking hash. The
   header is included for its types alone. */
#include <openssl/evp.h>
