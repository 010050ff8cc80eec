#version 330 core
// Directional light + sky/ground ambient + a small highlight. Colours arrive linear and
// leave gamma-encoded.
in vec3 vWorldPos;
in vec3 vNormal;
in vec3 vLocal;
in vec4 vColor;

uniform vec3 uLightDir;  // unit, toward the light
uniform vec3 uEye;       // camera position
uniform float uOpacity;  // 1 for the main world; less for a fork's ghost

out vec4 fragColor;

void main() {
    vec3 n = normalize(vNormal);
    vec3 base = vColor.rgb;
    // Alternate octants of the local frame are slightly darker, so a rolling ball or a
    // spinning capsule visibly turns (a uniform sphere looks the same at any orientation).
    float octant = (vLocal.x * vLocal.y * vLocal.z >= 0.0) ? 1.0 : 0.0;
    base *= 1.0 - 0.2 * vColor.a * octant;

    float diffuse = max(dot(n, uLightDir), 0.0);
    float hemisphere = 0.5 + 0.5 * n.y;
    vec3 ambient = mix(vec3(0.16, 0.15, 0.14), vec3(0.30, 0.33, 0.40), hemisphere);
    vec3 toEye = normalize(uEye - vWorldPos);
    vec3 halfway = normalize(uLightDir + toEye);
    float specular = diffuse > 0.0 ? 0.2 * pow(max(dot(n, halfway), 0.0), 40.0) : 0.0;

    vec3 lit = base * (ambient + 0.9 * diffuse) + vec3(specular);
    fragColor = vec4(pow(clamp(lit, 0.0, 1.0), vec3(1.0 / 2.2)), uOpacity);
}
